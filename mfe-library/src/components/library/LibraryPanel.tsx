import { lazyComponent, type Folder } from 'shared-contracts';
import type { LibraryActivity, LibraryItem } from 'shared-contracts/library';
import { cardOfLibraryItem } from './cardModel';
import { ItemList, type OpenFlyout } from './ItemList';
import { loadFolderItems, loadHistory, loadSaves } from '../../api/lists';
import { LIBRARY_TEXT } from '../../text';
import type { LibraryTab } from './libraryTabs';

/** The followed topics (the Topics tab only): a chunk of its own, off the Saved tab's first view. */
const TopicsPanel = lazyComponent(() => import(/* webpackChunkName: "library-topics" */ './TopicsPanel').then((m) => m.TopicsPanel));

const HISTORY_TABS: readonly LibraryActivity[] = ['read', 'shared', 'watched', 'ordered'];

function isHistory(tab: LibraryTab): tab is Exclude<LibraryActivity, 'saved'> {
  return (HISTORY_TABS as readonly string[]).includes(tab);
}

export interface LibraryPanelProps {
  tab: LibraryTab;
  /** The selected folder (undefined: All Folders). */
  current: Folder | undefined;
  /** The folder made in this visit (its empty state says so). */
  justCreated: string | null;
  onOpen: OpenFlyout;
  announce(text: string): void;
}

/** The content of a tab: Saved (All Folders or the folder's items), a history, or the followed Topics. */
export function LibraryPanel({ tab, current, justCreated, onOpen, announce }: LibraryPanelProps) {
  if (tab === 'saved') {
    return (
      <ItemList<LibraryItem>
        listKey={`saved:${current?.id ?? 'all'}`}
        label={current ? current.name : LIBRARY_TEXT.allFolders}
        load={(page) => (current ? loadFolderItems(current.id, page) : loadSaves(page))}
        toCard={(item) => cardOfLibraryItem(item)}
        emptyType={current ? (current.id === justCreated ? 'newFolderCreated' : 'content') : 'library'}
        onOpen={onOpen}
      />
    );
  }
  if (isHistory(tab)) {
    return (
      <ItemList<LibraryItem>
        listKey={`history:${tab}`}
        label={LIBRARY_TEXT.tabs[tab]}
        load={(page) => loadHistory(tab, page)}
        toCard={(item) => cardOfLibraryItem(item)}
        emptyType={tab}
        onOpen={onOpen}
      />
    );
  }
  return <TopicsPanel onOpen={onOpen} announce={announce} fallback={<p role="status">{LIBRARY_TEXT.loading}</p>} />;
}
