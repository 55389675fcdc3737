/**
 * Store catalogue: about 40 listed products in four categories, each availability a row. The SKU
 * suffix decides the product type; availabilities of one product share group_id (the SKU base).
 *
 * The rows of before migration 0006 are drawn first, in the same order from the 'products' stream
 * (same ids, SKUs and titles, so an existing database is updated in place); everything migration
 * 0006 adds (other formats and editions, authors, permissions, subscriptions) comes from the
 * 'products-editions' stream passed as `more`. Article reprints, 'Better Together' pairs and promo
 * codes are built from the rows in the database (buildStoreExtras).
 */
import type { Insertable } from 'kysely';
import { SUBSCRIBER_TIERS, type SubscriberRoleCode } from 'shared-contracts/server';
import type { BetterTogetherTable, ProductCategoryTable, ProductRow, ProductTable, PromoCodeTable } from '../db/database';
import type { Rng } from './prng';
import { makePersonName, makeSentence, slugify, titleCase, uniqueSlug } from './text';
import { ADJECTIVES, GERUNDS, OBJECTS } from './words';

export const PRODUCT_CATEGORIES: Insertable<ProductCategoryTable>[] = [
  { slug: 'books', name: 'Books', position: 0 },
  { slug: 'case-studies', name: 'Case Studies', position: 1 },
  { slug: 'magazine-issues', name: 'Magazine Issues', position: 2 },
  { slug: 'toolkits', name: 'Toolkits', position: 3 },
  // Not listed (no listed products): subscriptions and article reprints.
  { slug: 'subscriptions', name: 'Subscriptions', position: 4 },
  { slug: 'article-reprints', name: 'Article Reprints', position: 5 },
];

const FORMAT_NAMES: Record<string, string> = {
  HBK: 'Hardcover',
  PBK: 'Paperback',
  KND: 'Ebook',
  BUN: 'Bundle',
  PDF: 'PDF',
  HTM: 'HTML',
  ZIP: 'Zip',
  PPT: 'PowerPoint',
  XLS: 'Excel',
  EPB: 'EPUB',
  PRT: 'Print',
  PRM: 'Copyright Permissions',
};

const LANGUAGES = ['English', 'English', 'English', 'English', 'Spanish', 'German', 'French', 'Portuguese'] as const;

const BOOK_NOUNS = ['Operator', 'Playbook', 'Advantage', 'Compass', 'Handbook', 'Ledger', 'Blueprint', 'Workshop'] as const;
const COMPANY_WORDS = ['Northwind', 'Bluefield', 'Harborview', 'Ironbark', 'Copperline', 'Tallgrass', 'Silverleaf', 'Redwater'] as const;
const CASE_SITUATIONS = ['Expansion Dilemma', 'Pricing Reset', 'Leadership Handover', 'Turnaround', 'Platform Bet', 'Supplier Crisis'] as const;
const TOOLKIT_KINDS = ['Planning Templates', 'Meeting Kit', 'Workshop Slides', 'Budget Model', 'Interview Guide', 'Scorecard'] as const;

/** Prices of migration 0006's rows (cents). */
export const EBOOK_CENTS = 1999;
export const PERM_CENTS = 425;
export const REPRINT_CENTS = 895;
/** Subscription price per year, by subscription code. */
export const SUBSCRIPTION_CENTS: Record<string, number> = { GOOD: 9900, BETTER: 12900, BEST: 24900, EXECUTIVE: 44900, ALLACCESS: 59900 };

const cents = (dollars: number) => Math.round(dollars * 100);

/** Subscription code of a tier role: ROLE_HBRG_GOOD -> GOOD. */
export function subscriptionCodeOf(role: SubscriberRoleCode): string {
  return role.replace(/^ROLE_HBRG_/, '');
}

/** The product title of a subscription tier: it always contains 'Subscription' (SUBSCRIPTION_ORDER_MARKER). */
export function subscriptionTitle(role: SubscriberRoleCode): string {
  const tier = SUBSCRIBER_TIERS[role];
  return tier.caption ? `${tier.caption} Subscription (${tier.label})` : `${tier.label} Subscription`;
}

export function buildProducts(rng: Rng, more: Rng): Insertable<ProductTable>[] {
  const rows: Insertable<ProductTable>[] = [];
  const slugs = new Set<string>();
  let position = 0;
  const skus = new Set<string>();
  const freshBase = (prefix: string, length: number) => {
    let base = `${prefix}${rng.digits(length)}`;
    while (skus.has(base)) base = `${prefix}${rng.digits(length)}`;
    skus.add(base);
    return base;
  };
  type Extra = Partial<Pick<Insertable<ProductTable>, 'kind' | 'listed' | 'authors' | 'language'>>;
  const row = (
    category: string,
    title: string,
    slug: string,
    group: string,
    sku: string,
    format: string,
    language: string,
    contentType: string,
    priceCents: number,
    comingSoon: boolean,
    summary: string,
    extra: Extra = {},
  ): Insertable<ProductTable> => ({
    id: `p-${sku.toLowerCase()}`,
    sku,
    slug,
    title,
    summary,
    category_slug: category,
    availability_id: sku,
    format,
    language,
    content_type: contentType,
    list_price: priceCents / 100,
    price_cents: priceCents,
    availability_status: comingSoon ? 'COMING_SOON' : 'AVAILABLE',
    image: null,
    position: position++,
    group_id: group,
    kind: 'product',
    listed: 1,
    authors: '[]',
    ...extra,
  });
  /** A row of before migration 0006: same draws from `rng` as then. */
  const add = (category: string, title: string, base: string, fmt: string, contentType: string, price: number, comingSoon = false, language?: string) => {
    const sku = `${base}-${fmt}`;
    const slug = uniqueSlug(slugify(title), slugs);
    const summary = `${makeSentence(rng)} ${makeSentence(rng)}`;
    const drawn = rng.pick(LANGUAGES);
    const r = row(category, title, slug, base, sku, FORMAT_NAMES[fmt] ?? 'Print', language ?? drawn, contentType, cents(price), comingSoon, summary);
    rows.push(r);
    return r;
  };
  /** Another availability of a product (migration 0006): same group, title and slug. */
  const another = (of: Insertable<ProductTable>, sku: string, fmt: string, priceCents: number, extra: Extra = {}) => {
    const r = row(
      of.category_slug,
      of.title,
      of.slug,
      of.group_id ?? of.sku,
      sku,
      FORMAT_NAMES[fmt] ?? 'Print',
      of.language,
      of.content_type,
      priceCents,
      of.availability_status === 'COMING_SOON',
      of.summary,
      {
        authors: of.authors,
        ...extra,
      },
    );
    rows.push(r);
    return r;
  };

  // Books: hardcover or paperback (shipped), ebooks and bundles; every book in English.
  const books: Insertable<ProductTable>[] = [];
  for (let i = 0; i < 12; i++) {
    const title = titleCase(`The ${rng.pick(ADJECTIVES)} ${rng.pick(BOOK_NOUNS)}: ${rng.pick(GERUNDS)} and ${rng.pick(OBJECTS)}`);
    const base = freshBase('B', 5);
    const fmt = i < 5 ? 'HBK' : i < 7 ? 'PBK' : i < 10 ? 'KND' : 'BUN';
    const price = fmt === 'KND' ? 19.99 : fmt === 'BUN' ? 54 : rng.pick([26, 28, 30, 32, 35]);
    books.push(add('books', title, base, fmt, fmt === 'BUN' ? 'Bundle' : 'Book', price, i === 4, 'English'));
  }
  // Case studies: digital files.
  const cases: Insertable<ProductTable>[] = [];
  for (let i = 0; i < 10; i++) {
    const title = `${rng.pick(COMPANY_WORDS)} ${rng.pick(['Foods', 'Logistics', 'Health', 'Bank', 'Software', 'Outfitters'])}: The ${rng.pick(CASE_SITUATIONS)}`;
    cases.push(add('case-studies', title, freshBase('C', 6), i % 4 === 3 ? 'HTM' : 'PDF', 'Case Study', 8.95));
  }
  // Magazine issues: the 2025 issues in print and EPUB, plus the next issue, coming soon.
  const issues = [
    ['BR2501', 'January-February 2025'],
    ['BR2502', 'March-April 2025'],
    ['BR2503', 'May-June 2025'],
  ] as const;
  for (const [code, label] of issues) {
    add('magazine-issues', `Magazine Issue: ${label}`, code, 'PRT', 'Magazine Issue', 19.95, false, 'English');
    add('magazine-issues', `Magazine Issue: ${label} (Digital)`, code, 'EPB', 'Magazine Issue', 16.95, false, 'English');
  }
  add('magazine-issues', 'Magazine Issue: July-August 2025', 'BR2504', 'PRT', 'Magazine Issue', 19.95, true, 'English');
  // Toolkits: zip, slides and spreadsheets.
  for (let i = 0; i < 10; i++) {
    const fmt = ['ZIP', 'PPT', 'XLS'][i % 3] ?? 'ZIP';
    const title = `${titleCase(rng.pick(OBJECTS))} ${rng.pick(TOOLKIT_KINDS)}`;
    add('toolkits', title, freshBase('T', 5), fmt, 'Toolkit', rng.pick([29, 39, 49, 79, 99]), i === 9);
  }

  // Migration 0006: authors, other formats and editions of the books.
  books.forEach((book, i) => {
    const names = more.chance(0.3) ? [makePersonName(more), makePersonName(more)] : [makePersonName(more)];
    book.authors = JSON.stringify([...new Set(names)]);
    const base = book.group_id ?? book.sku;
    if (book.sku.endsWith('-HBK') || book.sku.endsWith('-PBK')) {
      // Print books have an ebook; some a Spanish edition too.
      another(book, `${base}-KND`, 'KND', EBOOK_CENTS);
      if (i % 3 === 0) another(book, `${base}-ES-${book.sku.slice(-3)}`, book.sku.slice(-3), book.price_cents ?? 0, { language: 'Spanish' });
    } else if (book.sku.endsWith('-KND')) {
      // Ebooks come in paperback too.
      another(book, `${base}-PBK`, 'PBK', more.pick([2400, 2600, 2800]));
    }
  });
  // Case studies: copyright permissions, per copy.
  for (const c of cases) {
    c.authors = JSON.stringify([makePersonName(more)]);
    another(c, `${c.group_id ?? c.sku}-PRM`, 'PRM', PERM_CENTS, { kind: 'perm', listed: 0 });
  }
  // Subscriptions: one per tier, priced per year.
  for (const role of Object.keys(SUBSCRIBER_TIERS) as SubscriberRoleCode[]) {
    const code = subscriptionCodeOf(role);
    const title = subscriptionTitle(role);
    const sku = `SUB-${code}`;
    rows.push(
      row(
        'subscriptions',
        title,
        slugify(title),
        sku,
        sku,
        'Annual',
        'English',
        'Subscription',
        SUBSCRIPTION_CENTS[code] ?? 9900,
        false,
        `${title}: a year of the magazine.`,
        {
          kind: 'subscription',
          listed: 0,
        },
      ),
    );
  }
  return rows;
}

/** What buildStoreExtras reads of an article. */
export interface ReprintArticle {
  id: string;
  title: string;
  slug: string;
  year: number;
  content_type: string;
  authors: string;
}

export const REPRINT_YEARS = [2023, 2024, 2025] as const;

/** Reprint SKU base of the n-th article (by id): 'R' + five digits. */
const reprintBase = (n: number) => `R${String(n + 1).padStart(5, '0')}`;

export const PROMO_CODES: Insertable<PromoCodeTable>[] = [
  { code: 'SAVE10', description: '10% off your order', kind: 'percent', value: 10, min_subtotal_cents: 0, expires_at: null },
  { code: 'WELCOME5', description: '$5 off orders of $25 or more', kind: 'amount', value: 500, min_subtotal_cents: 2500, expires_at: null },
  { code: 'FREESHIP', description: 'Free shipping', kind: 'shipping', value: 0, min_subtotal_cents: 0, expires_at: null },
  { code: 'EXPIRED20', description: '20% off (ended)', kind: 'percent', value: 20, min_subtotal_cents: 0, expires_at: '2024-12-31T23:59:59.000Z' },
  { code: 'GIFT25', description: '$25 gift voucher', kind: 'voucher', value: 2500, min_subtotal_cents: 0, expires_at: null },
];

/**
 * Article reprints (one group per magazine article of 2023-2025: a PDF and a print reprint, and
 * permissions; none listed) and the 'Better Together' pairs (each book with a toolkit or a case
 * study). `articles` in id order, `catalogue` in position order.
 */
export function buildStoreExtras(
  rng: Rng,
  articles: readonly ReprintArticle[],
  catalogue: readonly Pick<ProductRow, 'id' | 'sku' | 'group_id' | 'category_slug' | 'kind' | 'availability_status'>[],
  firstPosition: number,
): { reprints: Insertable<ProductTable>[]; pairs: Insertable<BetterTogetherTable>[] } {
  const reprints: Insertable<ProductTable>[] = [];
  let position = firstPosition;
  const eligible = articles.filter((a) => a.content_type === 'Magazine Article' && (REPRINT_YEARS as readonly number[]).includes(a.year));
  eligible.forEach((a, n) => {
    const base = reprintBase(n);
    const make = (fmt: 'PDF' | 'PRT' | 'PRM', priceCents: number, kind: string): Insertable<ProductTable> => ({
      id: `p-${base.toLowerCase()}-${fmt.toLowerCase()}`,
      sku: `${base}-${fmt}`,
      slug: a.slug,
      title: a.title,
      summary: `A reprint of the article ${a.title}.`,
      category_slug: 'article-reprints',
      availability_id: `${base}-${fmt}`,
      format: fmt === 'PDF' ? 'PDF' : fmt === 'PRT' ? 'Print' : (FORMAT_NAMES.PRM ?? 'Copyright Permissions'),
      language: 'English',
      content_type: 'Article Reprint',
      list_price: priceCents / 100,
      price_cents: priceCents,
      availability_status: 'AVAILABLE',
      image: null,
      position: position++,
      group_id: base,
      kind,
      listed: 0,
      authors: a.authors,
      article_id: a.id,
    });
    reprints.push(make('PDF', REPRINT_CENTS, 'product'), make('PRT', REPRINT_CENTS, 'product'), make('PRM', PERM_CENTS, 'perm'));
  });

  const partners = catalogue.filter(
    (p) => p.kind === 'product' && p.availability_status === 'AVAILABLE' && (p.category_slug === 'toolkits' || p.category_slug === 'case-studies'),
  );
  const pairs: Insertable<BetterTogetherTable>[] = [];
  const seenGroups = new Set<string>();
  for (const p of catalogue) {
    if (p.category_slug !== 'books' || p.kind !== 'product' || seenGroups.has(p.group_id)) continue;
    // The group's first availability (catalogue in position order: the original format) stands for the book.
    seenGroups.add(p.group_id);
    const partner = rng.pick(partners);
    pairs.push({ product_id: p.id, partner_id: partner.id, position: 0 });
  }
  return { reprints, pairs };
}
