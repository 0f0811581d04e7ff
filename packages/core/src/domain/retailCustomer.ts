import { Schema } from "effect"
import { DottedRut } from "../rut/Rut.js"

/**
 * A person covered by one channel's plan with a policy in force, as
 * `retail/getCustomersByRetailIdAndProductId` answers it: who pays (`customer_*`), who is covered
 * (`insured_*`) and the policy's dates, in both spellings the original's rows have had.
 */
export const RetailCustomer = Schema.Struct({
  customer_id: Schema.String,
  customer_rut: DottedRut,
  customer_name: Schema.String,
  customer_paternalLastName: Schema.String,
  customer_maternalLastName: Schema.String,
  customer_address: Schema.String,
  customer_district: Schema.String,
  customer_phone: Schema.String,
  customer_email: Schema.String,
  insured_id: Schema.String,
  insured_rut: DottedRut,
  insured_name: Schema.String,
  insured_paternalLastName: Schema.String,
  insured_maternalLastName: Schema.String,
  insured_address: Schema.String,
  insured_district: Schema.String,
  insured_phone: Schema.String,
  insured_email: Schema.String,
  insured_birthDate: Schema.String,
  subscription_id: Schema.Number,
  createDate: Schema.String,
  initialDate: Schema.String,
  endDate: Schema.String,
  createdate: Schema.String,
  initialdate: Schema.String,
  enddate: Schema.String
})
export type RetailCustomer = typeof RetailCustomer.Type
