import { IMAGE_WIDTHS, pictureOf } from './images';

describe('pictureOf', () => {
  it('a 16:9 picture: AVIF and WebP sources, the JPEG fallback at 640 wide', () => {
    const base = '/images/article/a20250604/fe428066c9e9';
    expect(pictureOf(base)).toEqual({
      width: 640,
      height: 360,
      sources: [
        { type: 'image/avif', srcSet: `${base}-320.avif 320w, ${base}-640.avif 640w, ${base}-960.avif 960w, ${base}-1280.avif 1280w` },
        { type: 'image/webp', srcSet: `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-960.webp 960w, ${base}-1280.webp 1280w` },
      ],
      src: `${base}-640.jpg`,
      srcSet: `${base}-320.jpg 320w, ${base}-640.jpg 640w, ${base}-960.jpg 960w, ${base}-1280.jpg 1280w`,
    });
  });

  it('videos and collections are 16:9 too', () => {
    for (const kind of ['video', 'collection']) {
      expect(pictureOf(`/images/${kind}/x-1/0123456789ab`)).toMatchObject({ width: 640, height: 360 });
    }
  });

  it('a 3:4 cover (products, issues): 240, 480, 720 wide, 480 x 640 as src', () => {
    for (const base of ['/images/product/p-b38281-hbk/00aa11bb22cc', '/images/issue/BR2501/00aa11bb22cc']) {
      const picture = pictureOf(base);
      expect(picture).toMatchObject({
        width: 480,
        height: 640,
        src: `${base}-480.jpg`,
        srcSet: `${base}-240.jpg 240w, ${base}-480.jpg 480w, ${base}-720.jpg 720w`,
      });
      expect(picture.sources?.map((s) => s.srcSet.split(', ').length)).toEqual([3, 3]);
    }
    expect(IMAGE_WIDTHS.tall).toEqual([240, 480, 720]);
  });

  it('agrees with IMAGE_WIDTHS, the table the server draws by', () => {
    const widthsOf = (base: string) => (pictureOf(base).srcSet ?? '').split(', ').map((s) => Number(/-(\d+)\.jpg /.exec(s)?.[1]));
    expect(widthsOf('/images/article/a1/0123456789ab')).toEqual([...IMAGE_WIDTHS.wide]);
    expect(widthsOf('/images/issue/BR2501/0123456789ab')).toEqual([...IMAGE_WIDTHS.tall]);
  });

  it('anything else is an image of its own: only src', () => {
    for (const image of [
      'https://images.example.com/photo.jpg',
      '/data-visuals/images/dv-0001.svg',
      '/media/videos/1/poster.svg',
      '/images/article/a1/fe428066c9e9-640.jpg',
      '/images/article/a1/FE428066C9E9',
    ]) {
      expect(pictureOf(image)).toEqual({ src: image });
    }
  });
});
