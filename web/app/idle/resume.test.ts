import { forgetPlace, keepPlace, resumePlace } from './resume';

// Where the automatic logoff found the user, for the same user only, once.

describe('the place kept at the automatic logoff', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/follow-ups?case=Ann+Archer');
    sessionStorage.setItem('view:follow-ups', '?case=Ann+Archer');
    keepPlace('Casey');
    // As at any sign-out: the views and the address are forgotten meanwhile.
    sessionStorage.removeItem('view:follow-ups');
    window.history.replaceState(null, '', '/');
  });

  it('takes the same user back to the address and the views, once', () => {
    resumePlace('casey');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/follow-ups?case=Ann+Archer');
    expect(sessionStorage.getItem('view:follow-ups')).toBe('?case=Ann+Archer');
    window.history.replaceState(null, '', '/');
    resumePlace('casey');
    expect(window.location.pathname).toBe('/');
  });

  it('gives another user nothing of it, and forgets it', () => {
    resumePlace('maria');
    expect(window.location.pathname).toBe('/');
    expect(sessionStorage.getItem('view:follow-ups')).toBeNull();
    resumePlace('casey');
    expect(window.location.pathname).toBe('/');
  });

  it('is forgotten at a deliberate sign-out, and a foreign address is never followed', () => {
    forgetPlace();
    resumePlace('casey');
    expect(window.location.pathname).toBe('/');
    sessionStorage.setItem(
      'idle-place',
      JSON.stringify({ user: 'casey', href: '//elsewhere.test/x', views: {} }),
    );
    resumePlace('casey');
    expect(window.location.pathname).toBe('/');
  });
});
