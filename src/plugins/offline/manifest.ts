/**
 * The web app manifest, from the site's own configuration: installing the site gives an app
 * named like the site, opening on its home page, in its own window.
 */
import { iconPath, iconSizes, maskableIconSizes } from './icons';

export interface WebAppManifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
}

export const themeColor = '#f98012';
export const backgroundColor = '#ffffff';

export function webAppManifest({ title, tagline, baseUrl }: { title: string; tagline: string; baseUrl: string }): WebAppManifest {
  return {
    name: title,
    short_name: 'Moodle Dev',
    description: tagline,
    start_url: baseUrl,
    scope: baseUrl,
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      ...iconSizes.map((size) => ({ src: `${baseUrl}${iconPath(size)}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' as const })),
      ...maskableIconSizes.map((size) => ({ src: `${baseUrl}${iconPath(size, true)}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' as const })),
    ],
  };
}
