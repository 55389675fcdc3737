/**
 * The design system's React components (decision 035), on the classes of
 * shared-contracts/design/components.css. Each renders one element with the right class and passes
 * everything else through, so a remote built by another team looks like the same site. Exported from
 * `shared-contracts/forms` (the UI entry): the shell's first-view pages (home, article) write the
 * same classes directly, since every byte of the core is on the article's first view.
 */
import { useRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

/** The class list of a button or a link drawn as one. */
export function buttonClass(variant: ButtonVariant = 'primary', small = false, extra?: string): string {
  return ['ds-button', `ds-button--${variant}`, small ? 'ds-button--small' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  small?: boolean;
}

export function Button({ variant, small, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, small, className)} {...rest} />;
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  small?: boolean;
}

/** A link that looks like a button (for navigation: Subscribe, Go to cart). */
export function ButtonLink({ variant, small, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a className={buttonClass(variant, small, className)} {...rest}>
      {children}
    </a>
  );
}

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'article' | 'li' | 'div' | 'section';
  boxed?: boolean;
}

export function Card({ as: Tag = 'article', boxed, className, ...rest }: CardProps) {
  return <Tag className={['ds-card', boxed ? 'ds-card--boxed' : '', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect(id: string): void;
  /** The id prefix of the tabs and of the panels they control (`${idPrefix}-panel-${id}`). */
  idPrefix: string;
}

/** role=tablist with roving focus: arrows, Home and End move between tabs and select. */
export function Tabs({ label, items, selected, onSelect, idPrefix }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[next < 0 ? last : next > last ? 0 : next];
    if (!target) return;
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${target.id}`)}`)?.focus();
  };
  return (
    // The tabs are the focusable elements; the list only hears their arrow keys.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div ref={list} role="tablist" aria-label={label} className="ds-tabs" onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          id={`${idPrefix}-tab-${item.id}`}
          type="button"
          role="tab"
          className="ds-tab"
          aria-selected={item.id === selected}
          aria-controls={`${idPrefix}-panel-${item.id}`}
          tabIndex={item.id === selected ? 0 : -1}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export function Badge({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: 'accent' | 'ink' }) {
  return <span className={['ds-badge', tone ? `ds-badge--${tone}` : '', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}

/** A topic or content type; a link when it has an href. */
export function Tag({ href, children, className }: { href?: string; children: ReactNode; className?: string }) {
  const cls = ['ds-tag', className ?? ''].filter(Boolean).join(' ');
  return href ? (
    <a className={cls} href={href}>
      {children}
    </a>
  ) : (
    <span className={cls}>{children}</span>
  );
}

/** A price, already formatted (formatUsd of shared-contracts/commerce); `was` is an earlier price, struck out. */
export function Price({ value, was, className }: { value: string; was?: string | undefined; className?: string }) {
  return (
    <span className={['ds-price', className ?? ''].filter(Boolean).join(' ')}>
      {was && was !== value ? <s className="ds-price__was">{was}</s> : null}
      {value}
    </span>
  );
}

export interface DsFieldProps {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  hintId?: string;
  error?: ReactNode;
  errorId?: string;
  children: ReactNode;
}

/** A labelled control with its hint and error (the control itself carries aria-describedby). */
export function Field({ label, htmlFor, hint, hintId, error, errorId, children }: DsFieldProps) {
  return (
    <div className="ds-field">
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
