import { HttpApi, type HttpApiGroup } from "@effect/platform"
import { AssistanceApi } from "./assistance.js"
import { AuthApi } from "./auth.js"
import { BackupApi } from "./backup.js"
import { BeneficiaryApi } from "./beneficiary.js"
import { BulkLoadApi } from "./bulkLoad.js"
import { CaseApi } from "./case.js"
import { CaseDashboardApi } from "./caseDashboard.js"
import { CaseExportApi } from "./caseExport.js"
import { CaseIntakeApi } from "./caseIntake.js"
import { ContractorApi } from "./contractor.js"
import { CustomerApi } from "./customer.js"
import { DistrictApi } from "./district.js"
import { DocumentApi } from "./document.js"
import { BadRequest, PayloadTooLarge } from "./errors.js"
import { FamilyApi } from "./family.js"
import { FieldApi } from "./field.js"
import { FileFormatApi } from "./fileFormat.js"
import { PartnerApi } from "./partner.js"
import { InsuredApi } from "./insured.js"
import { LeadApi } from "./lead.js"
import { ProductApi } from "./product.js"
import { ProcedureApi } from "./procedure.js"
import { QualificationApi } from "./qualification.js"
import { RelationshipApi } from "./relationship.js"
import { RetailApi } from "./retail.js"
import { SpecialistApi } from "./specialist.js"
import { SpecialtyApi } from "./specialty.js"
import { StageApi } from "./stage.js"
import { UfApi } from "./uf.js"
import { UserApi } from "./user.js"
import { ValueApi } from "./value.js"
import { JobTokensApi, UsersApi } from "./users.js"
import { ValueTypeApi } from "./valueType.js"

/** What any call may answer, whatever its group: a refused body, or one too large. */
export const withCommonErrors = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(api: HttpApi.HttpApi<Id, Groups, E, R>) =>
  api.addError(BadRequest).addError(PayloadTooLarge)

/** The whole contract: server, web, CLI and tests derive from this one value. */
export class PalmaApi extends withCommonErrors(
  HttpApi.make("palma")
    .add(AuthApi)
    .add(DistrictApi)
    .add(FamilyApi)
    .add(SpecialtyApi)
    .add(DocumentApi)
    .add(ValueTypeApi)
    .add(ValueApi)
    .add(StageApi)
    .add(RelationshipApi)
    .add(QualificationApi)
    .add(ProcedureApi)
    .add(AssistanceApi)
    .add(ProductApi)
    .add(RetailApi)
    .add(FieldApi)
    .add(FileFormatApi)
    .add(BulkLoadApi)
    .add(SpecialistApi)
    .add(PartnerApi)
    .add(ContractorApi)
    .add(CustomerApi)
    .add(InsuredApi)
    .add(BeneficiaryApi)
    .add(LeadApi)
    .add(UserApi)
    .add(UsersApi)
    .add(JobTokensApi)
    .add(CaseApi)
    .add(CaseIntakeApi)
    .add(CaseExportApi)
    .add(CaseDashboardApi)
    .add(UfApi)
    .add(BackupApi)
).prefix("/api") {}
