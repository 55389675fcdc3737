import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { createRef, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Link, SiteLink } from 'shared-contracts/router';
import { Badge, Button, ButtonLink, Card, Field, Price, Tag } from './design';
import { Tabs } from './Tabs';

const ITEMS = [
  { id: 'saved', label: 'Saved' },
  { id: 'folders', label: 'Folders' },
  { id: 'ordered', label: 'Ordered' },
];

function TabsHarness() {
  const [selected, setSelected] = useState('saved');
  return (
    <>
      <Tabs label="My Library" items={ITEMS} selected={selected} onSelect={setSelected} idPrefix="lib" />
      <p>showing {selected}</p>
    </>
  );
}

describe('design system components', () => {
  it('Tabs: one tab in the tab order, arrows and Home/End move and select, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: 'My Library' })).toBeInTheDocument();
    const saved = screen.getByRole('tab', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-selected', 'true');
    expect(saved).toHaveAttribute('aria-controls', 'lib-panel-saved');
    expect(screen.getByRole('tab', { name: 'Folders' })).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(saved).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Folders' })).toHaveFocus();
    expect(screen.getByText('showing folders')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Ordered' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('showing ordered')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByText('showing saved')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Folders' }));
    expect(screen.getByRole('tab', { name: 'Folders' })).toHaveAttribute('aria-selected', 'true');
  });

  it("Button is a plain button (never submits by accident) in its variant; ButtonLink is a link, or the router's Link", () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <MemoryRouter>
        <form>
          <Button ref={ref}>Save</Button>
          <Button variant="secondary" small type="submit" className="send" aria-busy="true">
            Send
          </Button>
          <ButtonLink href="/subscribe" variant="ghost">
            Subscribe
          </ButtonLink>
          <ButtonLink as={Link} to="/shopping-cart" className="go">
            Go to cart
          </ButtonLink>
        </form>
      </MemoryRouter>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('type', 'button');
    expect(save.className).toBe('ds-button ds-button--primary');
    expect(save.attributes).toHaveLength(2);
    expect(ref.current).toBe(save);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Send' }).className).toBe('ds-button ds-button--secondary ds-button--small send');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Subscribe' }).outerHTML).toBe('<a class="ds-button ds-button--ghost" href="/subscribe">Subscribe</a>');
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/shopping-cart');
    expect(screen.getByRole('link', { name: 'Go to cart' }).className).toBe('ds-button ds-button--primary go');
  });

  it("Price, Tag, Badge and Card carry their classes on the element `as` names, the caller's classes too", () => {
    render(
      <MemoryRouter>
        <Price as="p" className="offer-price">
          $19.99
        </Price>
        <Price>$9.99</Price>
        <Tag as={SiteLink} href="/topic/strategy" className="item-topic">
          Strategy
        </Tag>
        <Tag>Video</Tag>
        <Badge tone="accent" as="p">
          Coming soon
        </Badge>
        <Badge>Read only</Badge>
        <Card as="li" boxed data-tier="premium">
          A card
        </Card>
        <Card>An article</Card>
      </MemoryRouter>,
    );
    expect(screen.getByText('$19.99').tagName).toBe('P');
    expect(screen.getByText('$19.99').className).toBe('ds-price offer-price');
    expect(screen.getByText('$9.99').outerHTML).toBe('<span class="ds-price">$9.99</span>');
    expect(screen.getByRole('link', { name: 'Strategy' })).toHaveAttribute('href', '/topic/strategy');
    expect(screen.getByRole('link', { name: 'Strategy' }).className).toBe('ds-tag item-topic');
    expect(screen.getByText('Video').outerHTML).toBe('<span class="ds-tag">Video</span>');
    expect(screen.getByText('Coming soon').outerHTML).toBe('<p class="ds-badge ds-badge--accent">Coming soon</p>');
    expect(screen.getByText('Read only').outerHTML).toBe('<span class="ds-badge">Read only</span>');
    expect(screen.getByText('A card').outerHTML).toBe('<li class="ds-card ds-card--boxed" data-tier="premium">A card</li>');
    expect(screen.getByText('An article').outerHTML).toBe('<article class="ds-card">An article</article>');
  });

  it('Field labels its control and announces its error', () => {
    render(
      <Field label="Email" htmlFor="email" hint="We never share it" hintId="email-hint" error="Enter a valid email" errorId="email-error" className="wide">
        <input id="email" aria-describedby="email-hint email-error" aria-invalid="true" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAccessibleDescription('We never share it Enter a valid email');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email');
    expect(input.parentElement).toHaveClass('ds-field', 'wide');
  });
});

describe('design tokens', () => {
  const tokens = fs.readFileSync(path.join(__dirname, '../design/tokens.css'), 'utf8');
  const full = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
  const values = (block: string) =>
    Object.fromEntries([...block.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6}|#[0-9a-f]{3})\b/gi)].map((m) => [m[1], full(m[2]!)]));
  const light = values(tokens.slice(0, tokens.indexOf('prefers-color-scheme')));
  const dark = values(tokens.slice(tokens.indexOf('prefers-color-scheme')));
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const PAIRS: [string, string][] = [
    ['ink', 'bg'],
    ['muted', 'bg'],
    ['accent', 'bg'],
    ['link', 'bg'],
    ['ink', 'surface'],
    ['muted', 'surface'],
    ['accent', 'surface'],
    ['muted', 'surface-2'],
    ['on-accent', 'accent'],
    ['success', 'success-bg'],
    ['warning-ink', 'warning-bg'],
    ['ink', 'raised'],
  ];

  it.each([
    ['light', light],
    ['dark', dark],
  ])('every text pair meets WCAG AA (4.5:1) in %s mode', (_, scheme) => {
    const all = { ...light, ...scheme };
    for (const [fg, bg] of PAIRS) {
      expect({ pair: `${fg} on ${bg}`, ratio: contrast(all[fg]!, all[bg]!) >= 4.5 }).toEqual({ pair: `${fg} on ${bg}`, ratio: true });
    }
  });

  it('dark mode redefines every colour light mode defines', () => {
    const colours = Object.keys(light);
    expect(colours.length).toBeGreaterThan(15);
    expect(colours.filter((name) => !(name in dark))).toEqual([]);
  });
});
