/**
 * Files a user names: read with a size limit and a clear error ({@link org.oft.controller.files.InputFile}),
 * written atomically ({@link org.oft.controller.files.OutputFile}).
 */
package org.oft.controller.files;
