// The budgets judge each figure as the report prints it: a line over budget prints a figure above its
// budget, and a figure printed at its budget is within it.
import { expect, test } from "vitest";
import { BUDGET, formatSize, overBudget } from "../../engine/outputs/budgets.ts";

const contact = (laterJsKb: number) => ({ route: "/contact", htmlKb: 4.04, cssKb: 6.96, jsKb: 0.9, laterJsKb });

test("a figure that prints as its budget is within it, and one over it prints above it, to the budget's places", () => {
  expect(BUDGET.laterJsKb["/contact"]).toBe(15.33);
  expect(overBudget(contact(15.3349))).toEqual([]);
  expect(formatSize(contact(15.3349))).toContain("+15.33 KB after load");
  expect(overBudget(contact(15.3361))).toEqual(["/contact: JS after load 15.34 KB > 15.33 KB"]);
});

test("HTML and CSS are judged to the one place they are printed with", () => {
  expect(overBudget({ ...contact(1), htmlKb: 20.04, cssKb: 10.04 })).toEqual([]);
  expect(overBudget({ ...contact(1), htmlKb: 20.06, cssKb: 10.06 })).toEqual(["/contact: HTML 20.1 KB > 20 KB", "/contact: CSS 10.1 KB > 10 KB"]);
});
