import { Box, Container, Tabs } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../../common/api/auth';
import { NavigationContext } from '../../lib/navigation';
import { useAuth } from '../auth';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { useShellNavigation } from './navigation';
import classes from './shell.module.css';
import { TabBoundary } from './tab-boundary';
import { tabsFor } from './tabs';

// The open tab survives a reload of the page (not a new browser session).
const TAB_KEY = 'tab';

export function AppShell({ user }: { user: User }) {
  const { logout } = useAuth();
  const tabs = tabsFor(user.role);
  const [stored, setStored] = useState(() => sessionStorage.getItem(TAB_KEY));
  const active = tabs.some((tab) => tab.value === stored) ? stored! : tabs[0].value;

  function select(value: string | null) {
    if (!value) return;
    sessionStorage.setItem(TAB_KEY, value);
    setStored(value);
  }
  const navigation = useShellNavigation(select);

  return (
    <NavigationContext.Provider value={navigation}>
      <Header user={user} onLogout={() => logout()} />
      <Tabs value={active} onChange={select} keepMounted={false}>
        <Box component="nav" aria-label="Main" className={classes.bar}>
          <Container size="xl">
            <Tabs.List visibleFrom="sm" aria-label="Sections" style={{ '--tab-border-color': 'transparent' }}>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value} py="md">
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <MobileNav tabs={tabs} active={active} onSelect={select} />
          </Container>
        </Box>
        <Container component="main" size="xl" py="lg">
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              <TabBoundary>
                <tab.component />
              </TabBoundary>
            </Tabs.Panel>
          ))}
        </Container>
      </Tabs>
    </NavigationContext.Provider>
  );
}
