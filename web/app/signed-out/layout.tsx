import { Anchor, Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame around every signed-out screen: product name above one centred card. */
export function SignedOutLayout({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Box w="100%" maw={420}>
        <Stack gap={4} align="center" mb="lg">
          <Title order={1} size="h2" c="brand.8">
            Full Arch Tracker
          </Title>
          <Text c="dimmed" size="sm">
            Full Arch Treatment Tracker Dashboard
          </Text>
        </Stack>
        <Card>
          <Title order={2} size="h3" mb="md">
            {heading}
          </Title>
          {children}
        </Card>
      </Box>
    </Center>
  );
}

/** Looks like a link, acts as a button: the signed-out screens have no addresses of their own. */
export function ScreenLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {children}
    </Anchor>
  );
}
