CREATE TABLE "payment_month_totals" (
	"month" date NOT NULL,
	"grouping" text NOT NULL,
	"key" text NOT NULL,
	"currency" text NOT NULL,
	"direction" "payment_direction" NOT NULL,
	"status" "payment_status" NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "payment_month_totals_grouping_month_key_currency_direction_status_pk" PRIMARY KEY("grouping","month","key","currency","direction","status")
);
--> statement-breakpoint
-- Add signed payment contributions to the month totals (rows of grouping, month, key, currency, direction,
-- status; amount and payments added to what is there).
create or replace function payment_month_totals_add(p_rows jsonb) returns void
language sql
as $fn$
  insert into payment_month_totals as t (month, grouping, key, currency, direction, status, amount, payments)
  select r.month, r.grouping, r.key, r.currency, r.direction::payment_direction, r.status::payment_status,
         sum(r.amount), sum(r.payments)
    from jsonb_to_recordset(p_rows) as r(month date, grouping text, key text, currency text, direction text,
                                         status text, amount numeric, payments int)
   group by 1, 2, 3, 4, 5, 6
  on conflict (grouping, month, key, currency, direction, status)
  do update set amount = t.amount + excluded.amount, payments = t.payments + excluded.payments
$fn$;
--> statement-breakpoint
-- New payments: their cost attribution's row and their payer's row (payment details, written after their
-- payment, move the payer's part to the paying companies).
create or replace function payment_month_totals_on_payments() returns trigger
language plpgsql
as $fn$
begin
  perform payment_month_totals_add(coalesce((
    select jsonb_agg(jsonb_build_object('month', date_trunc('month', n.at at time zone 'UTC')::date,
             'grouping', g.grouping, 'key', case g.grouping when 'attribution' then n.cost_attribution else n.payer_company end,
             'currency', n.currency, 'direction', n.direction, 'status', n.status, 'amount', n.amount, 'payments', 1))
      from new_payments n cross join (values ('attribution'), ('payer')) as g(grouping)), '[]'::jsonb));
  return null;
end
$fn$;
--> statement-breakpoint
create trigger payment_month_totals_on_payments after insert on payments
  referencing new table as new_payments for each statement execute function payment_month_totals_on_payments();
--> statement-breakpoint
-- New payment details: each touched payment's payer part as it was (its earlier details, or the payer when it
-- had none) taken away, and as it is now added; a payment counts once per paying company.
create or replace function payment_month_totals_on_details() returns trigger
language plpgsql
as $fn$
begin
  perform payment_month_totals_add(coalesce((
    with touched as (select distinct payment_id as id from new_details),
    parts as (
      select p.id, -1 as sign, coalesce(d.paying_company, p.payer_company) as key, coalesce(d.amount, p.amount) as amount
        from payments p join touched t on t.id = p.id
        left join payment_details d on d.payment_id = p.id and d.id not in (select id from new_details)
      union all
      select p.id, 1, coalesce(d.paying_company, p.payer_company), coalesce(d.amount, p.amount)
        from payments p join touched t on t.id = p.id
        left join payment_details d on d.payment_id = p.id
    ),
    per as (select id, sign, key, sum(amount) as amount from parts group by id, sign, key)
    select jsonb_agg(jsonb_build_object('month', date_trunc('month', p.at at time zone 'UTC')::date,
             'grouping', 'payer', 'key', per.key, 'currency', p.currency, 'direction', p.direction,
             'status', p.status, 'amount', per.sign * per.amount, 'payments', per.sign))
      from per join payments p on p.id = per.id), '[]'::jsonb));
  return null;
end
$fn$;
--> statement-breakpoint
create trigger payment_month_totals_on_details after insert on payment_details
  referencing new table as new_details for each statement execute function payment_month_totals_on_details();
--> statement-breakpoint
-- The payments already written.
insert into payment_month_totals (month, grouping, key, currency, direction, status, amount, payments)
select date_trunc('month', p.at at time zone 'UTC')::date, 'attribution', p.cost_attribution, p.currency,
       p.direction, p.status, sum(p.amount), count(*)
  from payments p group by 1, 2, 3, 4, 5, 6
union all
select date_trunc('month', p.at at time zone 'UTC')::date, 'payer', coalesce(d.paying_company, p.payer_company),
       p.currency, p.direction, p.status, sum(coalesce(d.amount, p.amount)), count(distinct p.id)
  from payments p left join payment_details d on d.payment_id = p.id group by 1, 2, 3, 4, 5, 6;
