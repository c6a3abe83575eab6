declare module 'virtual:boot-messages' {
  const messages: Record<string, Record<string, string>>;
  export default messages;
}
