// The site's widgets of the CMS's forms, made with Decap's own React (browser/cms.ts leaves it on window):
// - `checked(control)` wraps each of Decap's widgets that holds a value: before a save (and as the writer
//   leaves a field) it shows beside the field what the build would say of it (browser/cms-checks.ts), and
//   leaves no room for Decap's own "is required" and pattern messages;
// - `amount`: a whole number as people type one, "12", "80,000", and for a price "$80k": stored as the
//   number, 80000; what it cannot read is kept as typed, and the check says so, never a silent 80;
// - `day`: a day as its hint writes it, YYYY-MM-DD, typed as text: what is shown is what is saved;
// - `status`: whether the entry is on the site, and when that changes.
import type { ComponentClass, ComponentType, ReactNode } from "react";
import { utcToday } from "../engine/content/publishing.ts";
import { dollarsOf, wholeNumberOf } from "./cms-amounts.ts";
import { plain } from "./cms-checks.ts";
import { type EntryData, statusOf } from "./cms-format.ts";
import type { DecapEntry } from "./cms-preview.ts";

/** What Decap's React gives the widgets: its component class and createElement. */
interface DecapReact {
  Component: ComponentClass;
  createElement(type: string | ComponentType<never>, props: Record<string, unknown> | null, ...children: ReactNode[]): ReactNode;
}
const React = (window as unknown as { React: DecapReact }).React;
const h = React.createElement;

/** What Decap hands a widget's control, as these read it. */
export interface ControlProps {
  value: unknown;
  onChange(value: unknown): void;
  forID: string;
  classNameWrapper: string;
  setActiveStyle(): void;
  setInactiveStyle(): void;
  validate(): void;
  field: DecapEntry;
  /** The entry as it is now (Decap's `entry` prop can be a stale one). */
  getEntry(): DecapEntry;
  collection: DecapEntry;
}

/** A control's instance, as Decap's form reads it through its ref. */
interface Control {
  isValid?(): boolean | { error: unknown };
  shouldComponentUpdate?(next: ControlProps): boolean;
  focus?(path?: string): void;
}

/** What a field's check answers: nothing wrong, or the sentences to show beside it. */
export type FieldCheck = (props: ControlProps) => string[];

/** A value that is no value yet: nothing to check as the writer leaves the field. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** Decap's control `Inner` with the entry's check of its field (`check`) before each save. */
export function checked(Inner: ComponentType<never>, check: FieldCheck): ComponentType<never> {
  class Checked extends (React.Component as unknown as new (props: ControlProps) => { props: ControlProps }) {
    inner: Control | null = null;

    /** Decap's own "is required" never fires: presence is the check's to say, in the build's words. */
    getValidateValue() {
      return "checked by the build's rules";
    }

    isValid() {
      const own = this.inner?.isValid?.();
      if (own === false || (typeof own === "object" && own.error)) return own;
      const says = check(this.props);
      // A PRESENCE error is the kind that makes Decap say, as it refuses the save, that a field says why.
      return says.length ? { error: { type: "PRESENCE", message: says.join(" ") } } : true;
    }

    shouldComponentUpdate(next: ControlProps) {
      return this.inner?.shouldComponentUpdate ? this.inner.shouldComponentUpdate(next) : true;
    }

    focus(path?: string) {
      if (this.inner?.focus) this.inner.focus(path);
      else document.getElementById(this.props.forID)?.focus();
    }

    render() {
      const leave = () => {
        this.props.setInactiveStyle();
        if (!isEmpty(this.props.value)) this.props.validate();
      };
      return h(Inner, { ...this.props, setInactiveStyle: leave, ref: (control: Control | null) => (this.inner = control) } as never);
    }
  }
  return Checked as unknown as ComponentType<never>;
}

/** A text box of Decap's look whose text is the writer's, and whose value is what `read` makes of that text. */
function typedControl(read: (text: string, field: DecapEntry) => unknown, attributes: (field: DecapEntry) => Record<string, string>) {
  class Typed extends (React.Component as unknown as new (
    props: ControlProps,
  ) => { props: ControlProps; state: { text: string }; setState(state: { text: string }): void }) {
    state = { text: isEmpty(this.props.value) ? "" : String(this.props.value) };

    componentDidUpdate(previous: ControlProps) {
      // A value set from elsewhere (another entry opened) is shown as it is.
      const { value } = this.props;
      if (value !== previous.value && value !== read(this.state.text, this.props.field)) this.setState({ text: isEmpty(value) ? "" : String(value) });
    }

    render() {
      const { forID, classNameWrapper, setActiveStyle, setInactiveStyle, field, value } = this.props;
      const saved = typeof value === "number" && String(value) !== this.state.text.trim() ? `Saved as ${value}` : "";
      return h(
        "div",
        null,
        h("input", {
          type: "text",
          id: forID,
          className: classNameWrapper,
          value: this.state.text,
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
          onChange: (event: { target: { value: string } }) => {
            this.setState({ text: event.target.value });
            this.props.onChange(read(event.target.value, field));
          },
          ...attributes(field),
        }),
        saved ? h("p", { className: "cms-saved-as", "aria-live": "polite" }, saved) : null,
      );
    }
  }
  return Typed as unknown as ComponentType<never>;
}

/** A whole number as typed: the number it reads as, or the text where it reads as none ("" when empty). */
export const amount = typedControl(
  (text, field) => (field.get("dollars") ? dollarsOf(text) : wholeNumberOf(text)) ?? text.trim(),
  (field) => ({ inputMode: "decimal", autoComplete: "off", ...(field.get("dollars") ? { placeholder: "75000, 75,000 or $75k" } : {}) }),
);

/** A day as typed, YYYY-MM-DD. */
export const day = typedControl(
  (text) => text.trim(),
  () => ({ placeholder: "YYYY-MM-DD", inputMode: "numeric", autoComplete: "off", pattern: "\\d{4}-\\d{2}-\\d{2}" }),
);

/** Whether the entry is on the site, and when that changes, as the entry is now. */
export const status = (() => {
  class Status extends (React.Component as unknown as new (props: ControlProps) => { props: ControlProps; forceUpdate(): void }) {
    /** Drawn again after each edit of the form: Decap draws a field again only when its own value changes. */
    private readonly redraw = () => requestAnimationFrame(() => this.forceUpdate());

    componentDidMount() {
      for (const event of ["input", "click", "keyup"]) document.addEventListener(event, this.redraw);
    }

    componentWillUnmount() {
      for (const event of ["input", "click", "keyup"]) document.removeEventListener(event, this.redraw);
    }

    getValidateValue() {
      return "shown";
    }
    shouldComponentUpdate() {
      return true;
    }
    render() {
      const data = (plain(this.props.getEntry().get("data")) ?? {}) as EntryData;
      const now = statusOf(data, utcToday());
      const said =
        now === "Draft"
          ? "Draft: not on the site. Switch Draft off to publish it with the next build."
          : now
            ? `${now}: the daily build puts it on the site and takes it off on those days.`
            : "On the site once saved and built.";
      return h("p", { id: this.props.forID, className: "cms-status", role: "status" }, said);
    }
  }
  return Status as unknown as ComponentType<never>;
})();
