/** Every route of the app in one place, so links and the router cannot drift apart. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  history: {
    path: '/history',
    getHref: (date?: string) => (date ? `/history?date=${encodeURIComponent(date)}` : '/history'),
  },
  grid: {
    path: '/grid',
    getHref: (days?: number) => (days && days !== 7 ? `/grid?days=${days}` : '/grid'),
  },
  check: {
    path: '/check',
    getHref: (n?: string) => (n ? `/check?n=${encodeURIComponent(n)}` : '/check'),
  },
  stats: {
    path: '/stats',
    getHref: (period?: string) =>
      period ? `/stats?period=${encodeURIComponent(period)}` : '/stats',
  },
  draw: {
    path: '/draw/:date/:hour',
    getHref: (date: string, hour: number) => `/draw/${date}/${hour}`,
  },
  auth: { path: '/auth', getHref: () => '/auth' },
  admin: { path: '/admin', getHref: () => '/admin' },
} as const;
