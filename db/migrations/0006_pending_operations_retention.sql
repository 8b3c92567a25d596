-- Pending operations are proven at registration (app/services/operations/proof.server.ts).

-- Rows registered before proofs were required and never checked since: a claim, not a proof.
delete from app.pending_operations where verified_at is null and status not in ('final', 'failed');
