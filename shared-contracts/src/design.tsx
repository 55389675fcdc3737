/**
 * The design system's React components (decision 035), on the classes of
 * shared-contracts/design/components.css: Button, ButtonLink, Card, Badge, Tag and Price, in the
 * core (`shared-contracts`), and Field, in no entry (Tabs is in Tabs.tsx, Picture in Picture.tsx).
 * Each renders one element with its `ds-*` classes, then the caller's `className`, and passes every
 * other prop through (a ref too, React 19), so a remote built by another team looks like the same
 * site. `as` draws one on another element or on a component (the router's Link, SiteLink) with that
 * one's props, so a part keeps its markup as it was.
 *
 * In the core: the shell and every remote draw their buttons, cards, tags, prices and badges with
 * them, so they are on every page, the article's first view included (about 0.24 KB gzip): keep them
 * tiny. Field is not exported: the few fields write `ds-field` themselves, which is cheaper than
 * the component on every page.
 */
import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';

/** Props of a component drawn as `as` (an element's name or a component), with that one's props. */
export type AsProps<T extends ElementType, P> = P & { as?: T; className?: string | undefined } & Omit<ComponentPropsWithRef<T>, keyof P | 'as'>;

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

interface ButtonLook {
  /** primary (one per view, the default), secondary, ghost or link. */
  variant?: ButtonVariant | undefined;
  small?: boolean | undefined;
}

/** A component drawing `as` (an element's name or a component), else its default `D`, with that one's props. */
export type DsComponent<P, D extends ElementType> = <T extends ElementType = D>(props: AsProps<T, P>) => ReactNode;

/** What the components take inside (their callers see `DsComponent`'s types). */
type Loose = { as?: ElementType; className?: string } & Record<string, unknown>;

/** `as` (else `tag`) with the class list `classes` and then the caller's `className`, and the other props. */
const draw = (tag: ElementType, classes: string, { as: Element = tag, className, ...rest }: Loose) => (
  <Element className={className ? `${classes} ${className}` : classes} {...rest} />
);

/** The class list of a button or of a link drawn as one. */
const buttonClass = (variant: ButtonVariant = 'primary', small?: boolean) => `ds-button ds-button--${variant}${small ? ' ds-button--small' : ''}`;

/** A <button>, of type "button" unless told otherwise (it never submits a form by accident). */
export const Button = ({ variant, small, type = 'button', ...rest }: ButtonLook & ComponentPropsWithRef<'button'>) =>
  draw('button', buttonClass(variant, small), { type, ...rest });

/** A link that looks like a button (Subscribe, Go to cart): an <a>, or `as` the router's Link. */
export const ButtonLink: DsComponent<ButtonLook, 'a'> = ({ variant, small, ...rest }: Loose & ButtonLook) => draw('a', buttonClass(variant, small), rest);

/** A card: an <article> unless `as` says otherwise; `boxed` draws its border and padding. */
export const Card: DsComponent<{ boxed?: boolean }, 'article'> = ({ boxed, ...rest }: Loose) =>
  draw('article', boxed ? 'ds-card ds-card--boxed' : 'ds-card', rest);

/** A short status (Coming soon, Subscribers only, a duration), a <span> unless `as` says otherwise. */
export const Badge: DsComponent<{ tone?: 'accent' | 'ink' }, 'span'> = ({ tone, ...rest }: Loose) =>
  draw('span', tone ? `ds-badge ds-badge--${tone as string}` : 'ds-badge', rest);

/** A topic or a content type, a <span> unless `as` says otherwise (a <p>, a SiteLink). */
export const Tag: DsComponent<object, 'span'> = (props: Loose) => draw('span', 'ds-tag', props);

/**
 * A price, already formatted (formatCents, formatUsd), a <span> unless `as` says otherwise. An earlier
 * price struck out is its child `<s className="ds-price__was">`.
 */
export const Price: DsComponent<object, 'span'> = (props: Loose) => draw('span', 'ds-price', props);

export interface DsFieldProps {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  hintId?: string;
  error?: ReactNode;
  errorId?: string;
  className?: string;
  children: ReactNode;
}

/** A labelled control with its hint and error (the control itself carries aria-describedby). */
export function Field({ label, htmlFor, hint, hintId, error, errorId, className, children }: DsFieldProps) {
  return (
    <div className={className ? `ds-field ${className}` : 'ds-field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint ? (
        <p className="ds-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="ds-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
