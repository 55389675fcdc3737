import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { Badge, Button, ButtonLink, Card, Field, Price, Tabs, Tag } from './design';

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

  it('Button is a plain button (never submits by accident) in its variant; ButtonLink is a link', () => {
    render(
      <form>
        <Button>Save</Button>
        <Button variant="secondary" small type="submit">
          Send
        </Button>
        <ButtonLink href="/subscribe" variant="ghost">
          Subscribe
        </ButtonLink>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('ds-button', 'ds-button--primary');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveClass('ds-button--secondary', 'ds-button--small');
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
  });

  it('Price strikes out an earlier price only when it differs; Tag links when given a href; Badge and Card carry their classes', () => {
    render(
      <>
        <Price value="$19.99" was="$24.99" />
        <Price value="$9.99" was="$9.99" />
        <Tag href="/topic/strategy">Strategy</Tag>
        <Tag>Video</Tag>
        <Badge tone="accent">Coming soon</Badge>
        <Card as="li" boxed>
          A card
        </Card>
      </>,
    );
    expect(screen.getByText('$24.99').tagName).toBe('S');
    expect(screen.getAllByText(/\$9\.99/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Strategy' })).toHaveAttribute('href', '/topic/strategy');
    expect(screen.queryByRole('link', { name: 'Video' })).not.toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toHaveClass('ds-badge', 'ds-badge--accent');
    expect(screen.getByText('A card').tagName).toBe('LI');
    expect(screen.getByText('A card')).toHaveClass('ds-card', 'ds-card--boxed');
  });

  it('Field labels its control and announces its error', () => {
    render(
      <Field label="Email" htmlFor="email" hint="We never share it" hintId="email-hint" error="Enter a valid email" errorId="email-error">
        <input id="email" aria-describedby="email-hint email-error" aria-invalid="true" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAccessibleDescription('We never share it Enter a valid email');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email');
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
