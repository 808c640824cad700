import { Box, Button, Container, Menu, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconMail, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { User } from '../../../common/api/auth';
import { SecurityModal } from '../security/security-modal';
import { ChangePasswordModal } from './change-password-modal';
import { EmailReportsModal } from './email-reports-modal';
import own from './header.module.css';
import classes from './shell.module.css';

export function Header({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [changing, setChanging] = useState(false);
  const [reports, setReports] = useState(false);
  const [security, setSecurity] = useState(false);
  return (
    <Box component="header" className={classes.bar}>
      <Container size="xl" py="sm" className={classes.headerRow}>
        <div>
          <Title order={1} size="h3" c="brand.8" lh={1.2}>
            Full Arch Tracker
          </Title>
          <Text size="sm" c="dimmed" lh={1.3}>
            Full Arch Treatment Tracker Dashboard
          </Text>
        </div>
        <div className={classes.user}>
          {/* The user's own menu, on their name; the same at every width, phones included. */}
          {/* No focus placeholder: an empty focusable child of a menu is not a menu item (axe). */}
          <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <UnstyledButton className={own.userButton}>
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  Welcome, <strong>{user.username}</strong>{' '}
                  <Text span c="dimmed" size="sm">
                    ({user.role})
                  </Text>
                </Text>
                <IconChevronDown size={14} aria-hidden className={own.chevron} />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown aria-label="Account">
              <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setChanging(true)}>
                Change password
              </Menu.Item>
              <Menu.Item
                leftSection={<IconShieldLock size={16} aria-hidden />}
                onClick={() => setSecurity(true)}
              >
                Security
              </Menu.Item>
              <Menu.Item leftSection={<IconMail size={16} aria-hidden />} onClick={() => setReports(true)}>
                E-mail reports
              </Menu.Item>
              <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
                Logout
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={onLogout}
            // Never squeezed: a long name wraps instead.
            style={{ flex: 'none' }}
          >
            Logout
          </Button>
        </div>
      </Container>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
      <SecurityModal opened={security} onClose={() => setSecurity(false)} username={user.username} />
      <EmailReportsModal opened={reports} onClose={() => setReports(false)} role={user.role} />
    </Box>
  );
}
