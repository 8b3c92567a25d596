-- Why an operation failed is a message { key, values } of app/locales, not an English sentence:
-- it is said in the reader's language only when shown (GET /api/operations/:hash answers its
-- English `message` beside the key). The rows stored before hold the sentences the server wrote;
-- each is read back into its message once, here. A sentence no rule knows is kept as it was,
-- under wallet.lifecycle.other ("{{text}}").
alter table app.pending_operations alter column error type jsonb using (
  case
    when error is null then null
    when error ~ '^Transaction reverted: \w+$' then
      jsonb_build_object('key', 'wallet.reverted', 'values', jsonb_build_object('name', substring(error from '^Transaction reverted: (\w+)$')))
    when error = 'Dropped: the bundler no longer has this user operation and it was never included' then
      jsonb_build_object('key', 'wallet.lifecycle.dropped')
    when error ~ '^Not the registered operation: its sender is 0x[0-9a-fA-F]+$' then
      jsonb_build_object('key', 'wallet.lifecycle.notRegistered', 'values', jsonb_build_object('sender', substring(error from '(0x[0-9a-fA-F]+)$')))
    when error ~ '^Replaced by 0x[0-9a-fA-F]+$' then
      jsonb_build_object('key', 'wallet.lifecycle.replaced', 'values', jsonb_build_object('by', substring(error from '(0x[0-9a-fA-F]+)$')))
    else jsonb_build_object('key', 'wallet.lifecycle.other', 'values', jsonb_build_object('text', error))
  end
);
