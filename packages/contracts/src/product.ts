/** The product's name shown on the welcome screen and in the title bar. */
export const PRODUCT_NAME = 'Keystone POS';
