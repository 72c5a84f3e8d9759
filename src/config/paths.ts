/** Every route of the app in one place, so links and the router cannot drift apart. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  history: {
    path: '/history',
    getHref: (date?: string) => (date ? `/history?date=${encodeURIComponent(date)}` : '/history'),
  },
  auth: { path: '/auth', getHref: () => '/auth' },
  admin: { path: '/admin', getHref: () => '/admin' },
} as const;
