import { audienceHidden, audienceProps, isLibrarySubPath } from './audience';

describe('audience rules (PAY-04)', () => {
  it('hides subscriber-only elements for subscribers only', () => {
    expect(audienceHidden('subscriber', 'subscriber-only')).toBe(true);
    expect(audienceHidden('registered', 'subscriber-only')).toBe(false);
    expect(audienceHidden('guest', 'subscriber-only')).toBe(false);
    expect(audienceHidden('unknown', 'subscriber-only')).toBe(false);
  });

  it('hides offers and register elements for registered users and subscribers', () => {
    for (const mark of ['offer', 'register'] as const) {
      expect(audienceHidden('subscriber', mark)).toBe(true);
      expect(audienceHidden('registered', mark)).toBe(true);
      expect(audienceHidden('guest', mark)).toBe(false);
    }
    expect(audienceProps('registered', 'offer')).toEqual({ 'data-offer': '', hidden: true });
  });

  it('knows the visual-library sub-paths', () => {
    expect(isLibrarySubPath('/visual-library/anything')).toBe(true);
    expect(isLibrarySubPath('/visual-library/a/b')).toBe(true);
    expect(isLibrarySubPath('/visual-library')).toBe(false);
    expect(isLibrarySubPath('/visual-library/')).toBe(false);
    expect(isLibrarySubPath('/video/1/x')).toBe(false);
  });
});
