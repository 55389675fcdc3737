/** The library's calls about email newsletters: the catalogue, the member's subscriptions and their changes. */
import { api } from 'shared-contracts';
import type { Newsletter, NewsletterKind, NewsletterSubscriptions } from 'shared-contracts/discovery';

export const loadNewsletters = (): Promise<Newsletter[]> => api.newsletters();

export const loadSubscriptions = (): Promise<NewsletterSubscriptions> => api.newsletterSubscriptions();

/** Each change answers the subscriptions as they now are. */
export const newsletterChanges = {
  subscribe: (kind: NewsletterKind, id: string): Promise<NewsletterSubscriptions> => api.subscribeNewsletter(kind, id),
  unsubscribe: (kind: NewsletterKind, id: string): Promise<NewsletterSubscriptions> => api.unsubscribeNewsletter(kind, id),
  unsubscribeAll: (): Promise<NewsletterSubscriptions> => api.unsubscribeAll(),
};
