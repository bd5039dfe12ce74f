// Accounts-payable invoices and finance companies contract (001 §3, §7 Invoices): filled in by the invoices module.
export {};
