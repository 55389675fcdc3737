/** The library's share calls: a share, and a folder's share link. */
import { libraryApi } from 'shared-contracts/library';
import { absoluteUrl } from '../components/flyouts/shareConnection';

/** Records a share (a network share for the shared history, or the email share that sends the mail). */
export const shareItem = (body: Parameters<typeof libraryApi.share>[0]): ReturnType<typeof libraryApi.share> => libraryApi.share(body);

/** The folder's share link, absolute. */
export const loadFolderLink = (id: string): Promise<string> => libraryApi.listUrl(id).then(({ listurl }) => absoluteUrl(listurl));
