/** The app icons drawn by scripts/generate-icons.ts and listed in the web app manifest. */
export const iconSizes = [48, 72, 96, 128, 192, 384, 512];
export const maskableIconSizes = [192, 512];
export const iconPath = (size: number, maskable = false) => `img/icons/icon-${maskable ? 'maskable-' : ''}${size}.png`;
