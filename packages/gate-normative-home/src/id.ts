export const GATE_ID = 'normative-home';
