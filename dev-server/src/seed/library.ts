/**
 * My Library's seed (decision 013), drawn from its own stream ('library') and read from the rows already
 * in the database, so a fresh seed and a database seeded before migration 0005 get the same rows:
 *
 * - subscriber@example.com: two orders (a subscription order carrying the account number, and a
 *   seven-line order with two case studies), a read-only 'Gifts' folder holding one article, a
 *   saved video and a saved chart (My Library holds every kind), two watched videos and one share;
 * - reader@example.com: one cancelled order.
 *
 * Every other demo account keeps only the saves of seed/users.ts.
 */
import { folderNameKey, lineTypeOf, productTypeFromSku, SUBSCRIBER_TIERS, type SubscriberRoleCode } from 'shared-contracts/server';
import type { Insertable, Kysely } from 'kysely';
import type { Database, OrderLineTable, OrderTable } from '../db/database';
import { productUrl } from '../services/store';
import { MY_LIBRARY_SLUG } from '../services/users';
import { isGeneratedArticleId } from './articles';
import { isBaseChartId } from './charts';
import { DEMO_READER, DEMO_SUBSCRIBER } from './demo-users';
import { createRng, type Rng } from './prng';
import { makePersonName } from './text';

/** The read-only folder of things given to the member (a gift-named slug shows the gift icon). */
export const GIFTS_FOLDER = { name: 'Gifts', slug: 'gifts', description: 'Articles given to you' } as const;

/** Sales tax the seeded orders add (the store computes real totals). */
const SEED_TAX_RATE = 0.08;

const at = (y: number, m: number, d: number, h = 12) => new Date(Date.UTC(y, m - 1, d, h)).toISOString();

interface ProductRef {
  /** The store product, or null (a subscription is not a store product). */
  id: string | null;
  title: string;
  content_type: string;
  list_price: number;
  /** The product's SKU, format and page (null for the subscription line). */
  sku: string | null;
  format: string | null;
  url: string | null;
}

interface OrderSeed {
  order: Insertable<OrderTable>;
  lines: Insertable<OrderLineTable>[];
}

function order(
  rng: Rng,
  userId: string,
  input: { title: string; status: string; accountNumber: string | null; createdAt: string; products: readonly ProductRef[]; total?: number },
): OrderSeed {
  const id = `o-${rng.hex(12)}`;
  const lines = input.products.map((p, position) => ({
    order_id: id,
    position,
    title: p.title,
    content_type: p.content_type,
    // Books and case studies have authors; toolkits, issues and subscriptions do not.
    authors: JSON.stringify(p.content_type === 'Book' || p.content_type === 'Case Study' ? [makePersonName(rng)] : []),
    product_id: p.id,
    sku: p.sku,
    format: p.format,
    line_type: p.content_type === 'Subscription' ? 'SUBSCRIPTION' : lineTypeOf(productTypeFromSku(p.sku ?? '')),
    quantity: 1,
    unit_price_cents: Math.round(p.list_price * 100),
    line_total_cents: Math.round(p.list_price * 100),
    product_url: p.url,
  }));
  const subtotal = input.products.reduce((sum, p) => sum + Math.round(p.list_price * 100), 0);
  return {
    order: {
      id,
      user_id: userId,
      status: input.status,
      title: input.title,
      grand_total_inc_tax: input.total ?? Math.round(subtotal * (1 + SEED_TAX_RATE)),
      subtotal_cents: subtotal,
      tax_cents: (input.total ?? Math.round(subtotal * (1 + SEED_TAX_RATE))) - subtotal,
      account_number: input.accountNumber,
      created_at: input.createdAt,
    },
    lines,
  };
}

/** Adds the library seed; returns false (and writes nothing) when the demo accounts are missing. */
export async function seedLibrary(db: Kysely<Database>, seed: string): Promise<boolean> {
  const rng = createRng(seed, 'library');
  const users = await db.selectFrom('users').select(['id', 'email', 'created_at']).where('email', 'in', [DEMO_SUBSCRIBER.email, DEMO_READER.email]).execute();
  const subscriber = users.find((u) => u.email === DEMO_SUBSCRIBER.email);
  const reader = users.find((u) => u.email === DEMO_READER.email);
  if (!subscriber || !reader) return false;

  // The listed catalogue only (not permissions, subscriptions or article reprints; migration 0006).
  const rows = await db
    .selectFrom('products')
    .select(['id', 'title', 'content_type', 'list_price', 'sku', 'format', 'slug', 'availability_id'])
    .where('listed', '=', 1)
    .where('kind', '=', 'product')
    .orderBy('id')
    .execute();
  const products: ProductRef[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content_type: r.content_type,
    list_price: r.list_price,
    sku: r.sku,
    format: r.format,
    url: productUrl(r),
  }));
  const ofType = (type: string) => products.filter((p) => p.content_type === type);
  const articles = (await db.selectFrom('articles').select('id').orderBy('id').execute()).map((a) => a.id).filter(isGeneratedArticleId);
  const videos = (await db.selectFrom('videos').select('id').orderBy('id').execute()).map((v) => v.id);
  // The first CHART_COUNT charts only: the visual library's extra charts (seedVisual) come later.
  const charts = (await db.selectFrom('charts').select('id').orderBy('id').execute()).map((c) => c.id).filter(isBaseChartId);
  if (products.length === 0 || articles.length === 0 || videos.length < 3 || charts.length === 0) return false;

  // Orders.
  const tier = SUBSCRIBER_TIERS[DEMO_SUBSCRIBER.tiers[0] as SubscriberRoleCode];
  const subscriptionTitle = `${tier.label} Subscription, 12 months`;
  const orders: OrderSeed[] = [
    order(rng, subscriber.id, {
      title: subscriptionTitle,
      status: 'COMPLETED',
      accountNumber: DEMO_SUBSCRIBER.subscription.accountNumber,
      createdAt: at(2025, 1, 15, 14),
      products: [
        {
          id: null,
          title: subscriptionTitle,
          content_type: 'Subscription',
          list_price: 119,
          sku: `SUB-${DEMO_SUBSCRIBER.subscription?.code ?? 'BEST'}`,
          format: 'Annual',
          url: null,
        },
      ],
      total: 11900,
    }),
  ];
  const basket = [
    ...rng.sample(ofType('Book'), 2),
    ...rng.sample(ofType('Case Study'), 2),
    ...rng.sample(ofType('Toolkit'), 1),
    ...rng.sample(ofType('Magazine Issue'), 1),
    ...rng.sample(ofType('Bundle'), 1),
  ];
  const first = basket[0];
  if (first) {
    orders.push(
      order(rng, subscriber.id, {
        title: `${first.title} and ${basket.length - 1} more`,
        status: 'COMPLETED',
        accountNumber: null,
        createdAt: at(2025, 5, 20, 16),
        products: basket,
      }),
    );
  }
  const cancelled = rng.pick(ofType('Book'));
  orders.push(
    order(rng, reader.id, { title: cancelled.title, status: 'CANCELLED', accountNumber: null, createdAt: at(2025, 3, 3, 10), products: [cancelled] }),
  );

  // Folders and saves of the subscriber.
  const folders = await db.selectFrom('folders').select(['id', 'slug', 'position']).where('user_id', '=', subscriber.id).execute();
  const myLibrary = folders.find((f) => f.slug === MY_LIBRARY_SLUG);
  const hasGifts = folders.some((f) => f.slug === GIFTS_FOLDER.slug);
  const giftsId = `f-${rng.hex(12)}`;
  const giftArticle = rng.pick(articles);
  const [savedVideo, ...watchedVideos] = rng.sample(videos, 3);
  const savedChart = rng.pick(charts);
  const sharedArticle = rng.pick(articles);

  await db.transaction().execute(async (trx) => {
    for (const o of orders) {
      await trx.insertInto('orders').values(o.order).execute();
      await trx.insertInto('order_lines').values(o.lines).execute();
    }
    if (!hasGifts) {
      await trx
        .insertInto('folders')
        .values({
          id: giftsId,
          user_id: subscriber.id,
          name: GIFTS_FOLDER.name,
          name_key: folderNameKey(GIFTS_FOLDER.name),
          description: GIFTS_FOLDER.description,
          slug: GIFTS_FOLDER.slug,
          read_only: 1,
          position: Math.max(0, ...folders.map((f) => f.position)) + 1,
          created_at: subscriber.created_at,
        })
        .execute();
      await trx
        .insertInto('library_items')
        .values({ folder_id: giftsId, content_id: giftArticle, content_kind: 'article', added_at: at(2025, 6, 10) })
        .execute();
    }
    if (myLibrary && savedVideo) {
      await trx
        .insertInto('library_items')
        .values([
          { folder_id: myLibrary.id, content_id: savedVideo, content_kind: 'video', added_at: at(2025, 6, 28) },
          { folder_id: myLibrary.id, content_id: savedChart, content_kind: 'chart', added_at: at(2025, 6, 29) },
        ])
        .onConflict((oc) => oc.columns(['folder_id', 'content_id']).doNothing())
        .execute();
    }
    if (watchedVideos.length > 0) {
      await trx
        .insertInto('watched')
        .values(watchedVideos.map((video_id, i) => ({ user_id: subscriber.id, video_id, watched_at: at(2025, 6, 20 + i, 19) })))
        .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
        .execute();
    }
    await trx
      .insertInto('shares')
      .values({
        id: `sh-${rng.hex(12)}`,
        user_id: subscriber.id,
        content_id: sharedArticle,
        content_kind: 'article',
        provider: 'linkedin',
        shared_with: '[]',
        created_at: at(2025, 6, 18, 8),
      })
      .execute();
  });
  return true;
}
