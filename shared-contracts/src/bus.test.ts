import { createBus } from './bus';

describe('event bus', () => {
  it('delivers a typed payload to every listener of that event only', () => {
    const bus = createBus();
    const opened: string[] = [];
    const carts: number[] = [];
    bus.on('auth:open', (p) => opened.push(p.screen));
    bus.on('auth:open', (p) => opened.push(`again:${p.screen}`));
    bus.on('cart:updated', (p) => carts.push(p.count));
    bus.emit('auth:open', { screen: 'registration' });
    expect(opened).toEqual(['registration', 'again:registration']);
    expect(carts).toEqual([]);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createBus();
    const seen: number[] = [];
    const off = bus.on('cart:updated', (p) => seen.push(p.count));
    bus.emit('cart:updated', { count: 1 });
    off();
    bus.emit('cart:updated', { count: 2 });
    expect(seen).toEqual([1]);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const bus = createBus();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const seen: number[] = [];
    bus.on('cart:updated', () => {
      throw new Error('broken remote');
    });
    bus.on('cart:updated', (p) => seen.push(p.count));
    bus.emit('cart:updated', { count: 3 });
    expect(seen).toEqual([3]);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
