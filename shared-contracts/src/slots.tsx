/**
 * Host-mediated composition: the shell provides its RemoteSlot through this context, so a remote can
 * show another remote's widget (video and visual-library pages show library/ItemActions) without
 * knowing where that remote lives or how it loads. Without a provider (a remote's own tests, or a
 * host that offers no slots), useRemoteSlot() is null and the remote shows its fallback.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from './schemas';

export interface HostSlotProps {
  remote: RemoteName;
  module: string;
  props?: object;
  /** Shown when the widget cannot be loaded. */
  fallback: ReactNode;
  placeholder?: ReactNode;
  className?: string;
  /**
   * When a slot the server rendered loads its remote: at once ('load', the default), or when the
   * reader first reaches for it, a pointer over it, a touch or the focus ('interaction').
   */
  hydrate?: 'load' | 'interaction';
}

export type HostSlot = ComponentType<HostSlotProps>;

export const RemoteSlotContext = createContext<HostSlot | null>(null);

export function useRemoteSlot(): HostSlot | null {
  return useContext(RemoteSlotContext);
}

/** What library/ItemActions is given (decision 015): the item, and whether Share shows and buttons carry the title. */
export interface HostItemActionsProps {
  item: { id: string; title: string; url: string; summary?: string; contentType: string };
  /** false hides Share (subscriber-only videos). */
  share?: boolean;
  /** Lists: 'Save {title}', 'Share {title}'. */
  nameWithTitle?: boolean;
  className?: string;
}

/** My Library's Save and Share for an item, through the host's slot; nothing without a host. */
export function HostItemActions({ item, share = true, nameWithTitle = false, className }: HostItemActionsProps) {
  const Slot = useRemoteSlot();
  if (!Slot) return null;
  // An island hydrated on demand: its buttons are the server's until the reader reaches for them.
  return <Slot remote="library" module="ItemActions" className={className} props={{ item, share, nameWithTitle }} fallback={null} hydrate="interaction" />;
}
