-- The language a member's Telegram messages are written in (server/notifier/messages.ts): the one
-- they use the app in (en, de, ar), recorded when they save their notification settings on /me
-- and when they link Telegram. Null is English, as is a language the notifier does not know.
alter table app.notification_settings add column language text;

-- Linking Telegram records the language without choosing kinds: such a row keeps the member on the
-- defaults (app/utils/notification-kinds.ts), as no row does, and /me still says they have not chosen.
alter table app.notification_settings alter column kinds drop not null;
