/** Store catalogue. */
import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { RouteContext } from './context';

const ProductsQuery = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'Unknown category.')
    .optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'The page must be a whole number from 1.')
    .transform(Number)
    .optional(),
});

export function storeRoutes({ services }: RouteContext): Router {
  const router = Router();
  router.get('/api/store/products', async (req, res) => {
    const raw: unknown = req.query;
    // An empty ?category= means every product, like no category at all.
    const query = parseInput(ProductsQuery, raw && typeof raw === 'object' && 'category' in raw && raw.category === '' ? {} : raw);
    res.json(await services.store.products(query.category ?? null, query.page ?? 1));
  });
  return router;
}
