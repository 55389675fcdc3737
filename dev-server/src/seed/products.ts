/** Store catalogue: about 40 products in four categories. The SKU suffix decides the product type. */
import type { Insertable } from 'kysely';
import type { ProductCategoryTable, ProductTable } from '../db/database';
import type { Rng } from './prng';
import { makeSentence, slugify, titleCase, uniqueSlug } from './text';
import { ADJECTIVES, GERUNDS, OBJECTS } from './words';

export const PRODUCT_CATEGORIES: Insertable<ProductCategoryTable>[] = [
  { slug: 'books', name: 'Books', position: 0 },
  { slug: 'case-studies', name: 'Case Studies', position: 1 },
  { slug: 'magazine-issues', name: 'Magazine Issues', position: 2 },
  { slug: 'toolkits', name: 'Toolkits', position: 3 },
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
};

const LANGUAGES = ['English', 'English', 'English', 'English', 'Spanish', 'German', 'French', 'Portuguese'] as const;

const BOOK_NOUNS = ['Operator', 'Playbook', 'Advantage', 'Compass', 'Handbook', 'Ledger', 'Blueprint', 'Workshop'] as const;
const COMPANY_WORDS = ['Northwind', 'Bluefield', 'Harborview', 'Ironbark', 'Copperline', 'Tallgrass', 'Silverleaf', 'Redwater'] as const;
const CASE_SITUATIONS = ['Expansion Dilemma', 'Pricing Reset', 'Leadership Handover', 'Turnaround', 'Platform Bet', 'Supplier Crisis'] as const;
const TOOLKIT_KINDS = ['Planning Templates', 'Meeting Kit', 'Workshop Slides', 'Budget Model', 'Interview Guide', 'Scorecard'] as const;

export function buildProducts(rng: Rng): Insertable<ProductTable>[] {
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
  const add = (category: string, title: string, base: string, fmt: string, contentType: string, price: number, comingSoon = false) => {
    const sku = `${base}-${fmt}`;
    const slug = uniqueSlug(slugify(title), slugs);
    rows.push({
      id: `p-${sku.toLowerCase()}`,
      sku,
      slug,
      title,
      summary: `${makeSentence(rng)} ${makeSentence(rng)}`,
      category_slug: category,
      availability_id: sku,
      format: FORMAT_NAMES[fmt] ?? 'Print',
      language: rng.pick(LANGUAGES),
      content_type: contentType,
      list_price: price,
      availability_status: comingSoon ? 'COMING_SOON' : 'AVAILABLE',
      image: null,
      position: position++,
    });
  };

  // Books: hardcover or paperback (shipped), ebooks and bundles.
  for (let i = 0; i < 12; i++) {
    const title = titleCase(`The ${rng.pick(ADJECTIVES)} ${rng.pick(BOOK_NOUNS)}: ${rng.pick(GERUNDS)} and ${rng.pick(OBJECTS)}`);
    const base = freshBase('B', 5);
    const fmt = i < 5 ? 'HBK' : i < 7 ? 'PBK' : i < 10 ? 'KND' : 'BUN';
    const price = fmt === 'KND' ? 19.99 : fmt === 'BUN' ? 54 : rng.pick([26, 28, 30, 32, 35]);
    add('books', title, base, fmt, fmt === 'BUN' ? 'Bundle' : 'Book', price, i === 4);
  }
  // Case studies: digital files.
  for (let i = 0; i < 10; i++) {
    const title = `${rng.pick(COMPANY_WORDS)} ${rng.pick(['Foods', 'Logistics', 'Health', 'Bank', 'Software', 'Outfitters'])}: The ${rng.pick(CASE_SITUATIONS)}`;
    add('case-studies', title, freshBase('C', 6), i % 4 === 3 ? 'HTM' : 'PDF', 'Case Study', 8.95);
  }
  // Magazine issues: the 2025 issues in print and EPUB, plus the next issue, coming soon.
  const issues = [
    ['BR2501', 'January-February 2025'],
    ['BR2502', 'March-April 2025'],
    ['BR2503', 'May-June 2025'],
  ] as const;
  for (const [code, label] of issues) {
    add('magazine-issues', `Magazine Issue: ${label}`, code, 'PRT', 'Magazine Issue', 19.95);
    add('magazine-issues', `Magazine Issue: ${label} (Digital)`, code, 'EPB', 'Magazine Issue', 16.95);
  }
  add('magazine-issues', 'Magazine Issue: July-August 2025', 'BR2504', 'PRT', 'Magazine Issue', 19.95, true);
  // Toolkits: zip, slides and spreadsheets.
  for (let i = 0; i < 10; i++) {
    const fmt = ['ZIP', 'PPT', 'XLS'][i % 3] ?? 'ZIP';
    const title = `${titleCase(rng.pick(OBJECTS))} ${rng.pick(TOOLKIT_KINDS)}`;
    add('toolkits', title, freshBase('T', 5), fmt, 'Toolkit', rng.pick([29, 39, 49, 79, 99]), i === 9);
  }
  return rows;
}
