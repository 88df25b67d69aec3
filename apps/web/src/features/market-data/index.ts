// What other features use of market data: the security picker (a search over the securities).
export { type SecurityOption, SecurityPicker } from './security-picker.tsx';
