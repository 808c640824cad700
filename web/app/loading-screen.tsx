import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingScreen({ message }: { message: string }) {
  return (
    <Center component="main" mih="100dvh">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
