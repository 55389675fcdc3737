import { render } from '@testing-library/react';
import { Cover, LineThumb } from './common';

describe('Cover', () => {
  it('draws the generated picture with its sources, width, height and alt, lazily unless asked', () => {
    const { container } = render(<Cover image="/images/product/p1/0123456789ab" alt="Cover of X" sizes="10rem" />);
    const img = container.querySelector('picture.ds-picture.cover img')!;
    expect(img).toHaveAttribute('alt', 'Cover of X');
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '640');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(container.querySelectorAll('source')).toHaveLength(2);
  });

  it('keeps the cover box, hidden from screen readers, for a product without a picture', () => {
    const { container } = render(<Cover image={null} alt="Cover of X" sizes="10rem" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild).toHaveClass('ds-picture', 'cover');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('LineThumb', () => {
  it("shows a line's picture when its answer carries one, decorative (the title follows)", () => {
    const { container } = render(<LineThumb item={{ productTitle: 'X', image: '/images/product/p1/0123456789ab' }} />);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(container.querySelector('img')).toHaveAttribute('width', '480');
  });

  it('shows nothing (the line takes the whole width) when it carries none', () => {
    const { container } = render(<LineThumb item={{ productTitle: 'X' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
