import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// One calm clinical accent. Shade 7 (the filled shade) keeps white text above 4.5:1 contrast.
const brand: MantineColorsTuple = [
  '#e7f6f6',
  '#d0eaea',
  '#a3d4d4',
  '#72bdbd',
  '#4aa9aa',
  '#309c9d',
  '#1f8f90',
  '#0f7a7b',
  '#086a6b',
  '#005b5c',
];

/** Where every portal renders: see web/index.html. */
export const OVERLAYS = '#overlays';
const LONG_LIST = { maxHeight: 'min(280px, 45vh)', overflowY: 'auto' } as const;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', padding: 'lg', radius: 'md' } },
    // Mantine's close button has no name of its own; screen readers need one.
    Modal: {
      defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.35 } },
    },
    // A table wider than a phone scrolls sideways: its scrollbar stays visible, so the columns
    // beyond the edge are seen to be there (Mantine's default shows it only on hover).
    ScrollArea: { defaultProps: { type: 'auto', offsetScrollbars: 'x' } },
    // Menus, dropdowns, dialogs and toasts render into #overlays (web/index.html), a labelled
    // region, so nothing on the page is outside a landmark.
    Portal: { defaultProps: { target: OVERLAYS } },
    // The option list itself scrolls, so assistive technology knows the scrolling box as the
    // combobox's list (keyboard users move through it with the arrow keys), not a bare box.
    Select: { defaultProps: { withScrollArea: false }, styles: { options: LONG_LIST } },
    Autocomplete: { defaultProps: { withScrollArea: false }, styles: { options: LONG_LIST } },
  },
});

// Mantine's default dimmed grey (gray.6) is 3.3:1 on white: too faint for descriptions and
// secondary text, so it is one shade darker here.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // The same for error text (red.6 is 3.6:1): every field's error message uses this variable.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
