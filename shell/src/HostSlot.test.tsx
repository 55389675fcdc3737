import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useRemoteSlot } from 'shared-contracts';
import { App } from './App';

// The remote page's slot renders a probe that uses the host slot the way a remote does.
jest.mock('./RemoteSlot', () => ({
  RemoteSlot: ({ remote, module, props }: { remote: string; module: string; props?: object }) =>
    remote === 'video' ? <Probe /> : <div data-slot={`${remote}/${module}`} data-props={JSON.stringify(props ?? null)} />,
  SlotFallback: () => null,
}));

function Probe() {
  const Slot = useRemoteSlot();
  return Slot ? <Slot remote="library" module="ItemActions" props={{ item: { id: '7' }, share: false }} fallback={null} /> : <p>no host slot</p>;
}

it('offers remotes the shell slot: a video page can show library/ItemActions with its props', () => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
  const { container } = render(
    <MemoryRouter initialEntries={['/video/1001/leading-teams']}>
      <App />
    </MemoryRouter>,
  );
  expect(screen.queryByText('no host slot')).toBeNull();
  const slot = container.querySelector('[data-slot="library/ItemActions"]');
  expect(slot).toHaveAttribute('data-props', JSON.stringify({ item: { id: '7' }, share: false }));
});
