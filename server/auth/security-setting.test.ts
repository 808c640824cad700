import { requiresMfa } from './security-setting';

describe('requiresMfa', () => {
  it('covers the roles each value names, and no one by default', () => {
    expect(requiresMfa('none', 'admin')).toBe(false);
    expect(requiresMfa('admins', 'admin')).toBe(true);
    expect(requiresMfa('admins', 'manager')).toBe(false);
    expect(requiresMfa('managers_and_admins', 'manager')).toBe(true);
    expect(requiresMfa('managers_and_admins', 'coordinator')).toBe(false);
    expect(requiresMfa('managers_and_admins', 'provider')).toBe(false);
    expect(requiresMfa('everyone', 'provider')).toBe(true);
    expect(requiresMfa('everyone', 'coordinator')).toBe(true);
  });
});
