import { articleDocumentTitle, bylineText, seriesLine, topicHref } from './headline';

describe('headline helpers', () => {
  it('joins authors as the site writes them', () => {
    expect(bylineText([])).toBe('');
    expect(bylineText(['A'])).toBe('By A');
    expect(bylineText(['A', 'B'])).toBe('By A and B');
    expect(bylineText(['A', 'B', 'C'])).toBe('By A, B and C');
    expect(bylineText(['A', 'B', 'C', 'D'])).toBe('By A, B, C and D');
  });

  it('shows series and series title, without repeating the Big Idea marker', () => {
    expect(seriesLine({ series: null, bigIdea: false })).toBeNull();
    expect(seriesLine({ series: 'Spotlight', seriesTitle: 'The Hybrid Office', bigIdea: false })).toEqual({ series: 'Spotlight', title: 'The Hybrid Office' });
    expect(seriesLine({ series: 'The Big Idea', bigIdea: true })).toBeNull();
    expect(seriesLine({ series: 'The Big Idea', seriesTitle: 'Rethinking Growth', bigIdea: true })).toEqual({ series: null, title: 'Rethinking Growth' });
    expect(seriesLine({ series: 'The Big Idea', bigIdea: false })).toEqual({ series: 'The Big Idea', title: null });
  });

  it('links the topic to its URL, else to /topic/{name-lowercased-hyphenated}', () => {
    expect(topicHref({ name: 'Strategy', url: '/topic/strategy' })).toBe('/topic/strategy');
    expect(topicHref({ name: 'Leading Teams', url: '' })).toBe('/topic/leading-teams');
  });

  it('titles the document with the site name', () => {
    expect(articleDocumentTitle('A Title')).toBe('A Title | The Management Review');
  });
});
