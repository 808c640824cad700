import { Alert, Box, Container, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { User } from '../../../common/api/auth';
import { SyncWarning } from '../../components/sync-warning';
import { clearDrafts } from '../../lib/drafts';
import { NavigationContext } from '../../lib/navigation';
import { useAuth } from '../../session/auth';
import { IdleLogoff } from '../idle/idle-warning';
import { forgetPlace, resumePlace } from '../idle/resume';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { forgetViews, useShellAddress, useShellNavigation } from './navigation';
import classes from './shell.module.css';
import { TabBoundary } from './tab-boundary';
import { DATA_IMPORT_TAB, tabsFor } from './tabs';

export function AppShell({ user }: { user: User }) {
  const { logout } = useAuth();
  // Back where the automatic logoff left this user (web/app/idle/resume.ts): before the address is
  // read below, so the tab and the case open there at once.
  useState(() => resumePlace(user.username));
  const tabs = useMemo(() => tabsFor(user.role), [user.role]);
  // The open tab is the address's path: /dashboard, /follow-ups?stage=… (web/lib/address.ts).
  const { active, select, refused, dismiss } = useShellAddress(tabs);
  const navigation = useShellNavigation();

  return (
    <NavigationContext.Provider value={navigation}>
      <Header
        user={user}
        onLogout={() => {
          // Signing out on purpose leaves nothing of this user's work in the tab.
          forgetViews();
          forgetPlace();
          clearDrafts();
          logout();
        }}
      />
      <IdleLogoff beforeSignOut={forgetViews} />
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
          {refused && (
            // Not a silent move: the address asked for a tab this role does not have.
            <Alert
              color="blue"
              variant="light"
              role="status"
              icon={<IconLock size={20} aria-hidden />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={dismiss}
              mb="lg"
            >
              {refused}
            </Alert>
          )}
          {/* Said on every tab but Data Import, whose Open Dental card says it in full. */}
          {active !== DATA_IMPORT_TAB && <SyncWarning mb="md" />}
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
