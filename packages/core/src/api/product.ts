import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Page, PageQuery } from "../domain/page.js"
import { Family } from "../domain/family.js"
import { Id } from "../domain/fields.js"
import { Product, ProductInput } from "../domain/product.js"
import {
  AssignedPlan,
  ListedProduct,
  ProductOfPlan,
  OfferedProduct,
  PricedProduct,
  ProductPlan,
  PlanPricesInput,
  ProductPlanInput,
  RetailRutPlan
} from "../domain/productPlan.js"
import { getContract, getContractData, getContractOperations } from "./planContract.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { deletedRecordsEndpoint, IdPath, restoreEndpoint } from "./master.js"
import { RutPath } from "./retail.js"
import { Admin, Staff } from "./security.js"

const AgentPath = Schema.Struct({ agent_id: Id })

/** Products (spec Product), their plans per channel and their contracts. Paths are the seed's. */
export const ProductApi = HttpApiGroup.make("product")
  // With the `id` of a product in the body it updates that product, as the original did (200 either way).
  .add(
    HttpApiEndpoint.post("create", "/create")
      .setPayload(ProductInput)
      .addSuccess(Product)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(ProductInput)
      .addSuccess(Product)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.del("delete", "/delete/:id").setPath(IdPath).addSuccess(Product).addError(NotFound).addError(PreconditionFailed).middleware(Admin))
  .add(deletedRecordsEndpoint)
  .add(restoreEndpoint(Product))
  // Every active product, with its channels' prices (`product_plans`).
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(ListedProduct)).middleware(Staff))
  // Palma's own: server-side paging, sorting and search for the web's table (the seed lists it whole).
  .add(HttpApiEndpoint.get("page", "/page").setUrlParams(PageQuery).addSuccess(Page(ListedProduct)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(Product).addError(NotFound).middleware(Staff))
  // Families that have at least one active product.
  .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(Family)).middleware(Staff))
  // Every active product with the channel's prices where it sells it (the original's meaning).
  .add(HttpApiEndpoint.get("list", "/list/:agent_id").setPath(AgentPath).addSuccess(Schema.Array(OfferedProduct)).middleware(Staff))
  .add(
    HttpApiEndpoint.get("getByFamilyId", "/getByFamilyId/:agent_id/:family_id")
      .setPath(Schema.Struct({ agent_id: Id, family_id: Id }))
      .addSuccess(Schema.Array(OfferedProduct))
      .middleware(Staff)
  )
  .add(
    HttpApiEndpoint.get("getByIdWithPrices", "/getByIdWithPrices/:id/:agent_id")
      .setPath(Schema.Struct({ id: Id, agent_id: Id }))
      .addSuccess(PricedProduct)
      .addError(NotFound)
      .middleware(Staff)
  )
  .add(HttpApiEndpoint.get("getByProductPlanId", "/getByProductPlanId/:id").setPath(IdPath).addSuccess(ProductOfPlan).addError(NotFound).middleware(Staff))
  // The plans of the channel with that RUT (any spelling); `[]` when it has none or does not exist.
  .add(HttpApiEndpoint.get("getByRetailRut", "/getByRetailRut/:rut").setPath(RutPath).addSuccess(Schema.Array(RetailRutPlan)).middleware(Staff))
  // Creates or updates the plan of product `id` for channel `agent_id`.
  .add(HttpApiEndpoint.post("assignPrices", "/assignPrices").setPayload(ProductPlanInput).addSuccess(AssignedPlan).addError(NotFound).middleware(Admin))
  // Palma's own, beside assignPrices (whose body names the product): reprices the plan with this id, so `If-Match` can name its version.
  .add(
    HttpApiEndpoint.put("updatePlan", "/updatePlan/:id")
      .setPath(IdPath)
      .setPayload(PlanPricesInput)
      .addSuccess(ProductPlan)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  // Takes a product off a channel (deactivates the plan); `If-Match` names the plan's version (the ETag of getByProductPlanId).
  .add(
    HttpApiEndpoint.del("deletePlan", "/deletePlan/:id")
      .setPath(IdPath)
      .addSuccess(ProductPlan)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(getContract)
  .add(getContractOperations)
  .add(getContractData)
  .prefix("/product")
