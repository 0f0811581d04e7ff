/** Where the channels list is. */
export const channelsPath = "/entities/retail"

/** Where a channel's page is. */
export const channelPath = (id: string) => `${channelsPath}/${id}`
