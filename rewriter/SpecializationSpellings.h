// How Clang's __PRETTY_FUNCTION__ spells explicit specializations, for the names
// of rows of the rewriter's output built with Clang.
//
// Clang writes an explicit specialization of a class template with the arguments
// as its declaration writes them: `std::hash<string>` for libstdc++'s
// `template <> struct hash<string>`, `app::formatter<test_string>` for one
// written with a typedef. g++ and the plugin write its arguments as they are
// (`std::hash<std::string>`), and a default argument written so is not
// recognized as the default (`Map<std::string, std::hash<string>>`). Each entry
// pairs the two spellings, registered with the default template arguments.
#ifndef HOTPATH_REWRITER_SPECIALIZATIONSPELLINGS_H
#define HOTPATH_REWRITER_SPECIALIZATIONSPELLINGS_H

#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace hotpath::rewrite {

/// `std::hash<string> = std::hash<std::string>`: each explicit specialization (or
/// explicit instantiation) of a class template that is a member of a namespace,
/// whose spelling in Clang's __PRETTY_FUNCTION__ differs from its arguments' own,
/// in the form include/hotpath/default_template_arguments.hpp describes.
/// `DefaultArguments` are the translation unit's entries of class templates
/// (plan::defaultTemplateArgumentEntries), whose defaults the report leaves out.
std::vector<std::string> specializationSpellings(const clang::ASTContext& Ctx,
                                                 const std::vector<std::string>& DefaultArguments);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_SPECIALIZATIONSPELLINGS_H
