/**
 * Browser features the site never uses, turned off for its pages and for
 * anything embedded in them. Video embeds (autoplay, fullscreen,
 * picture-in-picture, encrypted-media) stay allowed: product descriptions
 * embed YouTube players.
 */
const DISABLED = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];

export const PERMISSIONS_POLICY = DISABLED.map((feature) => `${feature}=()`).join(', ');
