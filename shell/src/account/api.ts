/**
 * The account page's requests (PLAT-15) over the shared `api`. The order history's answer schema
 * lives here, in the page's own chunk: the shared client (on every first view) gains nothing.
 */
import * as z from 'zod/mini';
import { api } from 'shared-contracts';

/** GET /service/user/orders (dev-server routes/profile.ts): the member's newest orders. */
export const AccountOrdersSchema = z.object({
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      title: z.string(),
      createdAt: z.string(),
      grandTotalCents: z.number(),
      itemCount: z.int(),
      status: z.enum(['Purchased', 'Cancelled']),
      orderUrl: z.string(),
      receiptUrl: z.string(),
    }),
  ),
  total: z.int(),
  maintenance: z.boolean(),
});
export type AccountOrders = z.infer<typeof AccountOrdersSchema>;

export const loadOrders = () => api.request('GET', '/service/user/orders', AccountOrdersSchema);

/** The reader's newsletters and marketing campaigns, by name (the newsletters API). */
export async function loadSubscribedNewsletters(): Promise<string[]> {
  const [all, mine] = await Promise.all([api.newsletters(), api.newsletterSubscriptions()]);
  const campaigns = new Set(mine.marketingCampaigns.map((c) => c.marketingCampaignId));
  const letters = new Set(mine.newsletters);
  return all.filter((n) => (n.kind === 'newsletter' ? letters.has(n.id) : campaigns.has(n.id))).map((n) => n.name);
}
