import { Burger, Group, Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { TabDefinition } from './tabs';

interface Props {
  tabs: readonly TabDefinition[];
  active: string;
  onSelect: (value: string) => void;
}

/**
 * Below 768px the tab bar becomes a hamburger menu. Mantine's Menu closes on a choice, on a click
 * outside and on Escape, and moves focus into the list for keyboard users.
 */
export function MobileNav({ tabs, active, onSelect }: Props) {
  const [opened, setOpened] = useState(false);
  const current = tabs.find((tab) => tab.value === active);
  return (
    <Group gap="sm" py="xs" hiddenFrom="sm" wrap="nowrap">
      {/* No focus placeholder: an empty focusable child of a menu is not a menu item (axe). */}
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        width={240}
        shadow="md"
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <Burger opened={opened} size="sm" aria-label="Open navigation" />
        </Menu.Target>
        <Menu.Dropdown aria-label="Sections">
          {tabs.map((tab) => (
            <Menu.Item
              key={tab.value}
              onClick={() => onSelect(tab.value)}
              aria-current={tab.value === active ? 'page' : undefined}
              fw={tab.value === active ? 600 : undefined}
              rightSection={tab.value === active ? <IconCheck size={16} aria-hidden /> : null}
            >
              {tab.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Text fw={600}>{current?.label}</Text>
    </Group>
  );
}
