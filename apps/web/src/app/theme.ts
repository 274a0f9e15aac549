import { createTheme } from '@mantine/core';

const font = "'Noto Sans Georgian', 'Noto Sans', system-ui, -apple-system, 'Segoe UI', sans-serif";
/** No upper-casing: CSS uppercase turns Georgian into Mtavruli capitals, which reads as shouting. */
const noUpper = { textTransform: 'none' as const };

export const theme = createTheme({
  fontFamily: font,
  headings: { fontFamily: font, fontWeight: '600' },
  primaryColor: 'indigo',
  // a user whose system asks for less motion gets none: menus, drawers and toasts open at once
  respectReducedMotion: true,
  // shade 8: white text on the filled buttons reaches 4.5:1 (shade 6 gives 4.0)
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  breakpoints: { xs: '37.5em', sm: '48em', md: '60em', lg: '80em', xl: '90em' },
  components: {
    Badge: { styles: { root: noUpper, label: noUpper } },
    Button: { styles: { label: noUpper } },
    Pill: { styles: { root: noUpper } },
  },
});
