import { moreMatchesText } from './search-text';

describe('moreMatchesText', () => {
  it('says how many of the matches are listed when the list is cut short', () => {
    expect(moreMatchesText(20, 57)).toBe('Showing 20 of 57 matches; type more of the name');
  });

  it('says nothing when every match is listed', () => {
    expect(moreMatchesText(20, 20)).toBeNull();
    expect(moreMatchesText(3, 3)).toBeNull();
    expect(moreMatchesText(0, 0)).toBeNull();
  });
});
