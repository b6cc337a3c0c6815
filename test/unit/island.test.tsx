import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { assertJsonProps, collectIslands, Island } from "../../components/Island.tsx";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("Island", () => {
  test("renders the component inside a marker with its name, props and hydration time", () => {
    const { result, islands } = collectIslands(() => renderToStaticMarkup(<Island component={Greeting} props={{ name: "Ada" }} when="idle" />));
    expect(result).toBe('<div class="island" data-island="Greeting" data-when="idle" data-props="{&quot;name&quot;:&quot;Ada&quot;}"><p>Hello Ada</p></div>');
    expect(islands).toEqual(["Greeting"]);
  });

  test("an island used twice on one page is reported once", () => {
    const { islands } = collectIslands(() =>
      renderToStaticMarkup(
        <>
          <Island component={Greeting} props={{ name: "a" }} when="idle" />
          <Island component={Greeting} props={{ name: "b" }} when="load" />
        </>,
      ),
    );
    expect(islands).toEqual(["Greeting"]);
  });

  test("by default an island hydrates at the visitor's first interaction with it", () => {
    const { result } = collectIslands(() => renderToStaticMarkup(<Island component={Greeting} props={{ name: "Ada" }} />));
    expect(result).toContain('data-when="interaction"');
  });

  test.each([
    [{ onClick: () => {} }, "props.onClick is a function"],
    [{ when: new Date(0) }, "props.when is a Date"],
    [{ list: [1, Number.NaN] }, "props.list[1] is NaN"],
    [{ list: ["a", undefined] }, "props.list[1] is undefined, which JSON makes null"],
    [{ nested: { act: Symbol("act") } }, "props.nested.act is a symbol"],
  ])("props JSON cannot carry stop the build, naming island and prop: %o", (props, message) => {
    expect(() => assertJsonProps("ContactForm", props)).toThrow(`islands/ContactForm.tsx: ${message}`);
  });

  test("a prop that holds undefined is absent, as JSON.stringify leaves it out", () => {
    const props = { name: "Ada", plant: undefined, nested: { missing: undefined } };
    const { result } = collectIslands(() => renderToStaticMarkup(<Island component={Greeting} props={props} />));
    expect(result).toContain('data-props="{&quot;name&quot;:&quot;Ada&quot;,&quot;nested&quot;:{}}"');
  });

  test("plain data passes", () => {
    expect(() => assertJsonProps("BioTabs", { tabs: [{ label: "A", value: "a" }], n: 1, ok: true, none: null })).not.toThrow();
  });
});
