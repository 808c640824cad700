import { Box, Button, Container, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { User } from '../../../common/api/auth';
import classes from './shell.module.css';

export function Header({ user, onLogout }: { user: User; onLogout: () => void }) {
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
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Welcome, <strong>{user.username}</strong>{' '}
            <Text span c="dimmed" size="sm">
              ({user.role})
            </Text>
          </Text>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={onLogout}
          >
            Logout
          </Button>
        </div>
      </Container>
    </Box>
  );
}
