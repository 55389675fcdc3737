/** The library's share call. */
import { api } from 'shared-contracts';

/** Records a share (a network share for the shared history, or the email share that sends the mail). */
export const shareItem = (body: Parameters<typeof api.share>[0]): ReturnType<typeof api.share> => api.share(body);
