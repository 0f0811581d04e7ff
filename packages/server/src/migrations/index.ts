import districts from "./0001_districts.js"
import masters from "./0002_masters.js"
import users from "./0003_users.js"
import seedMarker from "./0004_seed_marker.js"
import signingKey from "./0005_signing_key.js"
import assistance from "./0006_assistance.js"
import product from "./0007_product.js"
import retail from "./0008_retail.js"
import fileFormat from "./0009_file_format.js"
import seedFields from "./0010_seed_fields.js"
import productSeedFields from "./0012_product_seed_fields.js"
import fileFormatFieldId from "./0013_file_format_field_id.js"
import providers from "./0014_providers.js"
import people from "./0015_people.js"
import rowVersion from "./0016_row_version.js"
import sessionsThrottle from "./0017_sessions_throttle.js"
import sessionRefresh from "./0018_session_refresh.js"
import cases from "./0019_cases.js"
import peopleVersion from "./0020_people_version.js"
import uf from "./0021_uf.js"
import caseDocuments from "./0022_case_documents.js"
import caseState from "./0026_case_state.js"
import bulkLoad from "./0027_bulk_load.js"
import policyEnds from "./0028_policy_ends.js"
import caseAssignments from "./0029_case_assignments.js"
import savedViews from "./0030_saved_views.js"
import jobTokens from "./0031_job_tokens.js"
import rosterPolicyEnds from "./0032_roster_policy_ends.js"
import missingByIndex from "./0033_missing_by_index.js"
import bulkLoadRowChanges from "./0034_bulk_load_row_changes.js"
import caseChatSeq from "./0035_case_chat_seq.js"
import bulkLoadMissing from "./0036_bulk_load_missing.js"
import bulkLoadRowPositions from "./0037_bulk_load_row_positions.js"

/** Every schema change, in order. Never edit a landed migration; add a new one. */
export const migrations = {
  "0001_districts": districts,
  "0002_masters": masters,
  "0003_users": users,
  "0004_seed_marker": seedMarker,
  "0005_signing_key": signingKey,
  "0006_assistance": assistance,
  "0007_product": product,
  "0008_retail": retail,
  "0009_file_format": fileFormat,
  "0010_seed_fields": seedFields,
  "0012_product_seed_fields": productSeedFields,
  "0013_file_format_field_id": fileFormatFieldId,
  "0014_providers": providers,
  "0015_people": people,
  "0016_row_version": rowVersion,
  "0017_sessions_throttle": sessionsThrottle,
  "0018_session_refresh": sessionRefresh,
  "0019_cases": cases,
  "0020_people_version": peopleVersion,
  "0021_uf": uf,
  "0022_case_documents": caseDocuments,
  "0026_case_state": caseState,
  "0027_bulk_load": bulkLoad,
  "0028_policy_ends": policyEnds,
  "0029_case_assignments": caseAssignments,
  "0030_saved_views": savedViews,
  "0031_job_tokens": jobTokens,
  "0032_roster_policy_ends": rosterPolicyEnds,
  "0033_missing_by_index": missingByIndex,
  "0034_bulk_load_row_changes": bulkLoadRowChanges,
  "0035_case_chat_seq": caseChatSeq,
  "0036_bulk_load_missing": bulkLoadMissing,
  "0037_bulk_load_row_positions": bulkLoadRowPositions
}
