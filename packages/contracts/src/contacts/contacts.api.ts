// Contacts contract (000 §2 Contacts, §3, §7): filled in by the contacts module.
export {};
