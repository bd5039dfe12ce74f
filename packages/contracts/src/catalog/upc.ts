/** GS1 check digit of the digits before it (UPC-A: 11 digits, EAN-13: 12 digits). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  // Weights alternate 3,1,3,... starting from the rightmost digit of the body.
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for a 12-digit UPC-A or 13-digit EAN-13 whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}
